import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { specialities } from '../../db/schema/providers';
import { countProviders, mapProviders, searchProviders, type SearchQuery, type SearchRow } from './search.repository';

// On PostgreSQL a search runs as a named prepared statement whose text is built once per shape and whose values are filled
// in per search; inside a transaction (and on PGlite) it runs as a plain statement built with its values. Both must find
// exactly the same rows. (With TEST_DATABASE_URL this compares the two paths; on PGlite both are the plain one.)
let t: TestApp;
let gp: number;
beforeAll(async () => {
  t = await createTestApp({ seed: { providersPerRegion: 42, days: 2 } });
  const [row] = await t.database.db
    .select({ id: specialities.id })
    .from(specialities)
    .where(and(eq(specialities.region, 'uk'), eq(specialities.slug, 'gp')));
  gp = row!.id;
}, 120_000);
afterAll(async () => t?.close());

// The driver hands timestamps over as Date objects on one path and as text on the other: compared as instants.
const same = (rows: SearchRow[]) =>
  JSON.stringify(
    rows.map((r) => ({
      ...r,
      starts_at: r.starts_at && new Date(r.starts_at).toISOString(),
      ends_at: r.ends_at && new Date(r.ends_at).toISOString(),
    })),
  );

const around = (latitude: number, longitude: number, radius: number) => ({
  region: 'uk',
  specialityId: gp,
  origin: { latitude, longitude },
  radius,
});

describe('search statements', () => {
  it('find the same rows as a prepared statement and as a plain one, for every sort, page and place', async () => {
    const db = t.database.db;
    const places = [around(51.5203, -0.1466, 200), around(53.4592, -2.2162, 25), around(52.4862, -1.8904, 60)];
    let compared = 0;
    for (const place of places) {
      for (const sort of ['distance', 'availability', 'fee_asc', 'fee_desc'] as const) {
        for (const offset of [0, 5, 10]) {
          const q: SearchQuery = { ...place, sort, limit: 5, offset };
          const prepared = await searchProviders(db, q);
          const plain = await db.transaction((tx) => searchProviders(tx, q));
          expect(same(prepared)).toBe(same(plain));
          if (prepared.length) compared++;
        }
      }
      const markers = await mapProviders(db, { ...place, limit: 500 });
      expect(JSON.stringify(markers)).toBe(JSON.stringify(await db.transaction((tx) => mapProviders(tx, { ...place, limit: 500 }))));
      expect(await countProviders(db, place)).toBe(await db.transaction((tx) => countProviders(tx, place)));
      expect(await countProviders(db, place)).toBe(markers[0]?.total ?? 0);
    }
    // The comparison saw real rows, not only empty pages.
    expect(compared).toBeGreaterThanOrEqual(10);
  });

  it('use each search its own values: a later search of another shape or place is not answered with an earlier one', async () => {
    const db = t.database.db;
    const london = await searchProviders(db, { ...around(51.5203, -0.1466, 10), sort: 'distance', limit: 5, offset: 0 });
    const manchester = await searchProviders(db, { ...around(53.4592, -2.2162, 10), sort: 'distance', limit: 5, offset: 0 });
    expect(london.length).toBeGreaterThan(0);
    expect(manchester.length).toBeGreaterThan(0);
    expect(london.map((r) => r.hospital.city)).not.toEqual(manchester.map((r) => r.hospital.city));
    const wide = await searchProviders(db, { ...around(51.5203, -0.1466, 200), sort: 'fee_desc', limit: 5, offset: 0 });
    const fees = wide.map((r) => r.amount_minor);
    expect(fees).toEqual([...fees].sort((a, b) => b - a));
    expect(wide[0]!.total).toBeGreaterThan(london[0]!.total);
  });
});
