import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { geocodeCache, postcodeCentroids } from '../../db/schema/geo';
import { UK_CENTROIDS_CSV } from './uk-centroids.data';

export interface CentroidRow {
  postcode: string;
  kind: string;
  latitude: number;
  longitude: number;
}

export async function findCentroids(db: Queryable, keys: string[]): Promise<CentroidRow[]> {
  if (keys.length === 0) return [];
  return db.select().from(postcodeCentroids).where(inArray(postcodeCentroids.postcode, keys));
}

/** Inserts or replaces centroids in batches (the importer; imported data is better than what we ship). */
export async function upsertCentroids(db: Queryable, rows: CentroidRow[], onConflict: 'replace' | 'keep' = 'replace'): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const insert = db.insert(postcodeCentroids).values(chunk);
    if (onConflict === 'keep') await insert.onConflictDoNothing();
    else
      await insert.onConflictDoUpdate({
        target: postcodeCentroids.postcode,
        set: { kind: sql`excluded.kind`, latitude: sql`excluded.latitude`, longitude: sql`excluded.longitude` },
      });
  }
}

export function bundledCentroids(): CentroidRow[] {
  return UK_CENTROIDS_CSV.split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const [postcode, kind, lat, lon] = line.split(',');
      return { postcode: postcode!, kind: kind!, latitude: Number(lat), longitude: Number(lon) };
    });
}

/** Makes sure the shipped centroids are present; never overwrites imported rows. Runs at every start (cheap). */
export async function loadBundledCentroids(db: Queryable): Promise<number> {
  const rows = bundledCentroids();
  await upsertCentroids(db, rows, 'keep');
  return rows.length;
}

export async function readGeocodeCache(db: Queryable, query: string) {
  const [row] = await db
    .select()
    .from(geocodeCache)
    .where(inArray(geocodeCache.query, [query]));
  return row ?? null;
}

export async function writeGeocodeCache(db: Queryable, query: string, latitude: number, longitude: number) {
  await db.insert(geocodeCache).values({ query, latitude, longitude }).onConflictDoNothing();
}
