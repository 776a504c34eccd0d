/**
 * OS National Grid (OSGB36 eastings/northings, as in Code-Point Open) to WGS84 latitude/longitude:
 * inverse Transverse Mercator on the Airy 1830 ellipsoid, then a Helmert transform (accurate to a few metres,
 * far better than a postcode centroid needs). Formulae from the Ordnance Survey "guide to coordinate systems".
 */
const AIRY = { a: 6377563.396, b: 6356256.909 };
const WGS84 = { a: 6378137, b: 6356752.3142 };
const F0 = 0.9996012717;
const LAT0 = (49 * Math.PI) / 180;
const LON0 = (-2 * Math.PI) / 180;
const N0 = -100000;
const E0 = 400000;
const ARCSEC = Math.PI / 180 / 3600;
// OSGB36 → WGS84
const HELMERT = { tx: 446.448, ty: -125.157, tz: 542.06, s: -20.4894e-6, rx: 0.1502 * ARCSEC, ry: 0.247 * ARCSEC, rz: 0.8421 * ARCSEC };

function meridionalArc(lat: number, b: number, n: number): number {
  const n2 = n * n;
  const n3 = n2 * n;
  const d = lat - LAT0;
  const s = lat + LAT0;
  return (
    b *
    F0 *
    ((1 + n + 1.25 * n2 + 1.25 * n3) * d -
      (3 * n + 3 * n2 + (21 / 8) * n3) * Math.sin(d) * Math.cos(s) +
      ((15 / 8) * n2 + (15 / 8) * n3) * Math.sin(2 * d) * Math.cos(2 * s) -
      (35 / 24) * n3 * Math.sin(3 * d) * Math.cos(3 * s))
  );
}

export function osgbToWgs84(easting: number, northing: number): { latitude: number; longitude: number } {
  const { a, b } = AIRY;
  const e2 = 1 - (b * b) / (a * a);
  const n = (a - b) / (a + b);
  let lat = LAT0;
  let m = 0;
  do {
    lat = (northing - N0 - m) / (a * F0) + lat;
    m = meridionalArc(lat, b, n);
  } while (Math.abs(northing - N0 - m) >= 0.00001);

  const sinLat = Math.sin(lat);
  const cosLat = Math.cos(lat);
  const nu = (a * F0) / Math.sqrt(1 - e2 * sinLat * sinLat);
  const rho = (a * F0 * (1 - e2)) / Math.pow(1 - e2 * sinLat * sinLat, 1.5);
  const eta2 = nu / rho - 1;
  const tan = Math.tan(lat);
  const tan2 = tan * tan;
  const tan4 = tan2 * tan2;
  const tan6 = tan4 * tan2;
  const sec = 1 / cosLat;
  const nu3 = nu ** 3;
  const nu5 = nu ** 5;
  const nu7 = nu ** 7;
  const VII = tan / (2 * rho * nu);
  const VIII = (tan / (24 * rho * nu3)) * (5 + 3 * tan2 + eta2 - 9 * tan2 * eta2);
  const IX = (tan / (720 * rho * nu5)) * (61 + 90 * tan2 + 45 * tan4);
  const X = sec / nu;
  const XI = (sec / (6 * nu3)) * (nu / rho + 2 * tan2);
  const XII = (sec / (120 * nu5)) * (5 + 28 * tan2 + 24 * tan4);
  const XIIA = (sec / (5040 * nu7)) * (61 + 662 * tan2 + 1320 * tan4 + 720 * tan6);
  const dE = easting - E0;
  const phi = lat - VII * dE ** 2 + VIII * dE ** 4 - IX * dE ** 6;
  const lambda = LON0 + X * dE - XI * dE ** 3 + XII * dE ** 5 - XIIA * dE ** 7;

  // To cartesian on Airy, Helmert, back to lat/lon on WGS84.
  const nuA = a / Math.sqrt(1 - e2 * Math.sin(phi) ** 2);
  const x1 = nuA * Math.cos(phi) * Math.cos(lambda);
  const y1 = nuA * Math.cos(phi) * Math.sin(lambda);
  const z1 = (1 - e2) * nuA * Math.sin(phi);
  const { tx, ty, tz, s, rx, ry, rz } = HELMERT;
  const x2 = tx + (1 + s) * x1 - rz * y1 + ry * z1;
  const y2 = ty + rz * x1 + (1 + s) * y1 - rx * z1;
  const z2 = tz - ry * x1 + rx * y1 + (1 + s) * z1;

  const e2w = 1 - (WGS84.b * WGS84.b) / (WGS84.a * WGS84.a);
  const p = Math.sqrt(x2 * x2 + y2 * y2);
  let phiW = Math.atan2(z2, p * (1 - e2w));
  for (let i = 0; i < 10; i++) {
    const nuW = WGS84.a / Math.sqrt(1 - e2w * Math.sin(phiW) ** 2);
    const next = Math.atan2(z2 + e2w * nuW * Math.sin(phiW), p);
    if (Math.abs(next - phiW) < 1e-12) {
      phiW = next;
      break;
    }
    phiW = next;
  }
  return { latitude: (phiW * 180) / Math.PI, longitude: (Math.atan2(y2, x2) * 180) / Math.PI };
}
