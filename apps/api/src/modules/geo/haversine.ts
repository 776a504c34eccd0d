/** Great-circle geometry in miles. Pure, no I/O. */

export const EARTH_RADIUS_MILES = 3958.7613;
const toRad = (deg: number) => (deg * Math.PI) / 180;

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** Haversine distance between two points, in statute miles. */
export function haversineMiles(a: LatLon, b: LatLon): number {
  const dLat = toRad(b.latitude - a.latitude);
  const dLon = toRad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles rounded to one decimal, as results show them. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/**
 * A latitude/longitude box that contains every point within `miles` of the centre (a cheap indexed pre-filter;
 * haversine then decides). Slightly generous so rounding never drops an edge point.
 */
export function boundingBox(centre: LatLon, miles: number): BoundingBox {
  const padded = miles * 1.001 + 0.01;
  const dLat = (padded / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const cosLat = Math.cos(toRad(centre.latitude));
  const dLon = cosLat < 1e-6 ? 180 : Math.min(180, dLat / cosLat);
  return {
    minLat: centre.latitude - dLat,
    maxLat: centre.latitude + dLat,
    minLon: centre.longitude - dLon,
    maxLon: centre.longitude + dLon,
  };
}
