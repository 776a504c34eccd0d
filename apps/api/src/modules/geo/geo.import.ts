import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { toNormalised, toOutcode, toSector } from 'postcode';
import type { Queryable } from '../../db/client';
import { upsertCentroids, type CentroidRow } from './geo.repository';
import { osgbToWgs84 } from './osgb';

/**
 * Loads UK postcode centroids from an official open dataset, streaming:
 * - ONS Postcode Directory (ONSPD) CSV: header with pcds (or pcd), lat, long and doterm; terminated postcodes and
 *   those without a grid reference are skipped;
 * - OS Code-Point Open CSV (no header, or the documented header): postcode, quality, eastings, northings → WGS84;
 * - any CSV with a header naming postcode, latitude and longitude.
 * Units are upserted; sectors, outward codes and areas are stored as the mean of their units.
 */
export interface ImportResult {
  format: 'onspd' | 'codepoint' | 'latlon';
  units: number;
  skipped: number;
  aggregates: number;
}

function splitCsv(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else quoted = !quoted;
    } else if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((s) => s.trim());
}

type Reader = (cols: string[]) => { postcode: string; latitude: number; longitude: number } | null;

function detect(firstLine: string): { format: ImportResult['format']; header: boolean; read: Reader } {
  const cols = splitCsv(firstLine).map((c) => c.toLowerCase());
  const idx = (...names: string[]) => cols.findIndex((c) => names.includes(c));
  if (idx('pcds', 'pcd') >= 0 && idx('lat') >= 0 && idx('long') >= 0) {
    const pc = idx('pcds', 'pcd');
    const lat = idx('lat');
    const lon = idx('long');
    const term = idx('doterm');
    return {
      format: 'onspd',
      header: true,
      read: (c) => {
        if (term >= 0 && c[term]) return null;
        const latitude = Number(c[lat]);
        const longitude = Number(c[lon]);
        // ONSPD marks postcodes without a grid reference with 99.999999.
        if (!Number.isFinite(latitude) || latitude > 90 || !Number.isFinite(longitude)) return null;
        return { postcode: c[pc]!, latitude, longitude };
      },
    };
  }
  if (idx('postcode', 'pcds', 'pcd', 'outcode') >= 0 && idx('latitude', 'lat') >= 0 && idx('longitude', 'long', 'lng', 'lon') >= 0) {
    const pc = idx('postcode', 'pcds', 'pcd', 'outcode');
    const lat = idx('latitude', 'lat');
    const lon = idx('longitude', 'long', 'lng', 'lon');
    return {
      format: 'latlon',
      header: true,
      read: (c) => {
        const latitude = Number(c[lat]);
        const longitude = Number(c[lon]);
        if (!Number.isFinite(latitude) || Math.abs(latitude) > 90 || !Number.isFinite(longitude)) return null;
        return { postcode: c[pc]!, latitude, longitude };
      },
    };
  }
  const header = cols[0] === 'postcode' || cols[2] === 'eastings';
  return {
    format: 'codepoint',
    header,
    read: (c) => {
      const e = Number(c[2]);
      const n = Number(c[3]);
      // Quality 90 means no coordinates.
      if (c[1] === '90' || !Number.isFinite(e) || !Number.isFinite(n) || (e === 0 && n === 0)) return null;
      return { postcode: c[0]!, ...osgbToWgs84(e, n) };
    },
  };
}

class Mean {
  lat = 0;
  lon = 0;
  n = 0;
  add(lat: number, lon: number) {
    this.lat += lat;
    this.lon += lon;
    this.n++;
  }
}

export async function importPostcodeCsv(db: Queryable, input: Readable): Promise<ImportResult> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let format: ReturnType<typeof detect> | null = null;
  let batch: CentroidRow[] = [];
  let units = 0;
  let skipped = 0;
  const aggregates = new Map<string, { kind: string; mean: Mean }>();
  const addAggregate = (key: string, kind: string, lat: number, lon: number) => {
    let a = aggregates.get(key);
    if (!a) aggregates.set(key, (a = { kind, mean: new Mean() }));
    a.mean.add(lat, lon);
  };
  for await (const raw of lines) {
    const line = raw.replace(/^\uFEFF/, '');
    if (!line.trim()) continue;
    if (!format) {
      format = detect(line);
      if (format.header) continue;
    }
    const rec = format.read(splitCsv(line));
    const unit = rec ? toNormalised(rec.postcode) : null;
    if (!rec || !unit) {
      // Outcode-only lists (e.g. district centroids) are kept as districts.
      if (rec && /^[A-Z]{1,2}\d[A-Z\d]?$/.test(rec.postcode.toUpperCase().replace(/\s/g, ''))) {
        batch.push({
          postcode: rec.postcode.toUpperCase().replace(/\s/g, ''),
          kind: 'district',
          latitude: rec.latitude,
          longitude: rec.longitude,
        });
        units++;
      } else skipped++;
      continue;
    }
    batch.push({ postcode: unit, kind: 'unit', latitude: rec.latitude, longitude: rec.longitude });
    units++;
    const outcode = toOutcode(unit)!;
    addAggregate(toSector(unit)!, 'sector', rec.latitude, rec.longitude);
    addAggregate(outcode, 'district', rec.latitude, rec.longitude);
    addAggregate(/^[A-Z]{1,2}/.exec(outcode)![0], 'area', rec.latitude, rec.longitude);
    if (batch.length >= 2000) {
      await upsertCentroids(db, batch);
      batch = [];
    }
  }
  if (batch.length) await upsertCentroids(db, batch);
  const aggRows: CentroidRow[] = [...aggregates].map(([postcode, a]) => ({
    postcode,
    kind: a.kind,
    latitude: a.mean.lat / a.mean.n,
    longitude: a.mean.lon / a.mean.n,
  }));
  await upsertCentroids(db, aggRows);
  return { format: format?.format ?? 'latlon', units, skipped, aggregates: aggRows.length };
}
