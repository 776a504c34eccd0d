import type { FastifyBaseLogger } from 'fastify';
import zipcodes from 'zipcodes';
import { POSTCODE_NOT_FOUND, type SearchOrigin } from '@careslot/contracts/search';
import type { Queryable } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { findCentroids, readGeocodeCache, writeGeocodeCache } from './geo.repository';
import { parsePlace, type ParsedPlace } from './postcode';

// ---- What other modules use (search): distances, the region of a postcode, the shipped centroids ----
export { boundingBox, EARTH_RADIUS_MILES, roundMiles, type LatLon } from './haversine';
export { guessRegion } from './postcode';
export { loadBundledCentroids } from './geo.repository';

export interface GeocoderOptions {
  /** postcodes.io-compatible service for UK postcodes the table lacks (POSTCODES_IO_URL). */
  postcodesIoUrl?: string;
  fetchImpl?: typeof fetch;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Answers kept in memory (popular searches repeat). */
  memoryEntries?: number;
}

const notFound = () => new ValidationError(POSTCODE_NOT_FOUND, { postcode: POSTCODE_NOT_FOUND });

/**
 * Postcode or ZIP → centroid, offline first: US ZIPs from the bundled `zipcodes` data; UK postcodes from
 * postcode_centroids (unit, then sector, outward code, district, area), asking the optional postcodes.io-compatible
 * service for a full postcode or outward code the table lacks (answers cached in geocode_cache).
 */
export class Geocoder {
  private readonly memory = new Map<string, SearchOrigin>();
  private readonly memoryLimit: number;

  constructor(
    private readonly db: Queryable,
    private readonly opts: GeocoderOptions = {},
  ) {
    this.memoryLimit = opts.memoryEntries ?? 5000;
  }

  /** Throws a 400 "We couldn't find that postcode" for malformed or unknown input. */
  async locate(input: string, region: 'uk' | 'usa'): Promise<SearchOrigin> {
    const place = parsePlace(input, region);
    if (!place) throw notFound();
    const memoKey = `${region}:${place.display}`;
    const hit = this.memory.get(memoKey);
    if (hit) return hit;
    const origin = place.region === 'usa' ? this.locateZip(place) : await this.locateUk(place);
    if (!origin) throw notFound();
    if (this.memory.size >= this.memoryLimit) this.memory.delete(this.memory.keys().next().value!);
    this.memory.set(memoKey, origin);
    return origin;
  }

  private locateZip(place: ParsedPlace & { region: 'usa' }): SearchOrigin | null {
    const info = zipcodes.lookup(place.zip5);
    if (!info || info.country !== 'US' || !Number.isFinite(info.latitude)) return null;
    return { postcode: place.display, latitude: info.latitude, longitude: info.longitude, precision: 'zip' };
  }

  private async locateUk(place: ParsedPlace & { region: 'uk' }): Promise<SearchOrigin | null> {
    const rows = await findCentroids(
      this.db,
      place.lookupKeys.map((k) => k.key),
    );
    const byKey = new Map(rows.map((r) => [r.postcode, r]));
    const exact = byKey.get(place.lookupKeys[0]!.key);
    if (exact)
      return { postcode: place.display, latitude: exact.latitude, longitude: exact.longitude, precision: place.lookupKeys[0]!.precision };
    if (this.opts.postcodesIoUrl) {
      const remote = await this.askService(place);
      if (remote === 'unknown') return null;
      if (remote) return remote;
    }
    for (const k of place.lookupKeys.slice(1)) {
      const row = byKey.get(k.key);
      if (row) return { postcode: place.display, latitude: row.latitude, longitude: row.longitude, precision: k.precision };
    }
    return null;
  }

  /** The remote answer, 'unknown' when the service says the postcode does not exist, or null when it cannot help. */
  private async askService(place: ParsedPlace & { region: 'uk' }): Promise<SearchOrigin | 'unknown' | null> {
    const precision = place.kind === 'unit' ? 'unit' : 'district';
    const cached = await readGeocodeCache(this.db, place.display);
    if (cached) return { postcode: place.display, latitude: cached.latitude, longitude: cached.longitude, precision };
    const base = this.opts.postcodesIoUrl!.replace(/\/+$/, '');
    const url = `${base}/${place.kind === 'unit' ? 'postcodes' : 'outcodes'}/${encodeURIComponent(place.display)}`;
    try {
      const res = await (this.opts.fetchImpl ?? fetch)(url, { signal: AbortSignal.timeout(2500), headers: { accept: 'application/json' } });
      if (res.status === 404) return 'unknown';
      if (!res.ok) return null;
      const body = (await res.json()) as { result?: { latitude?: number | null; longitude?: number | null } };
      const lat = body.result?.latitude;
      const lon = body.result?.longitude;
      if (typeof lat !== 'number' || typeof lon !== 'number') return null;
      await writeGeocodeCache(this.db, place.display, lat, lon);
      return { postcode: place.display, latitude: lat, longitude: lon, precision };
    } catch (err) {
      this.opts.log?.warn({ err: (err as Error).message }, 'postcode service unavailable; using local centroids');
      return null;
    }
  }
}
