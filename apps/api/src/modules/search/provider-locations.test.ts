import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { SearchResponse } from '@careslot/contracts/search';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hospitals, providerHospitals, providers } from '../../db/schema/providers';

// provider_locations (the search rows) is kept by database triggers; search must follow every change at once.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' }, seed: { providersPerRegion: 42, days: 2 } });
}, 120_000);
afterAll(async () => t?.close());

// Each search uses a new radius so the 5-second memo of identical searches never answers.
let nudge = 0;
const findAll = async () => {
  nudge += 1;
  const radius = (150 + nudge / 1000).toFixed(3);
  const ids: string[] = [];
  let body: SearchResponse;
  let page = 1;
  do {
    const res = await t.app.inject({
      url: `/api/test-search/?postcode=W1G%207JQ&specialty=gp&radius=${radius}&selectedRegion=uk&page=${page}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    body = res.json() as SearchResponse;
    ids.push(...body.data.map((r) => r.id));
    page += 1;
  } while (page <= body.total_pages);
  return { ids, body };
};
const card = async (id: string) => {
  nudge += 1;
  const res = await t.app.inject({
    url: `/api/test-search/?postcode=W1G%207JQ&specialty=gp&radius=${(150 + nudge / 1000).toFixed(3)}&selectedRegion=uk&sort=fee_desc`,
  });
  const all = (res.json() as SearchResponse).data;
  return all.find((r) => r.id === id);
};

describe('search follows provider, hospital and link changes at once', () => {
  it('hides and shows a provider as bookable and verification change, and follows fee and hospital changes', async () => {
    const { ids } = await findAll();
    expect(ids.length).toBeGreaterThan(1);
    const id = ids[0]!;
    const db = t.database.db;

    await db.update(providers).set({ bookable: false }).where(eq(providers.id, id));
    expect((await findAll()).ids).not.toContain(id);
    await db.update(providers).set({ bookable: true }).where(eq(providers.id, id));
    expect((await findAll()).ids).toContain(id);

    await db.update(providers).set({ verification_status: 'Unverified' }).where(eq(providers.id, id));
    expect((await findAll()).ids).not.toContain(id);
    await db.update(providers).set({ verification_status: 'Verified' }).where(eq(providers.id, id));
    expect((await findAll()).ids).toContain(id);

    // The highest fee puts the provider first in the fee_desc sort, with that amount.
    await db.update(providers).set({ amount_minor: 987_600 }).where(eq(providers.id, id));
    expect((await card(id))?.amount).toBe('9876.00');

    // Its hospitals move to Manchester (about 160 miles away): out of a 150-mile search, back when they return.
    const links = await db.select().from(providerHospitals).where(eq(providerHospitals.provider_id, id));
    const before = await db.select().from(hospitals).where(eq(hospitals.id, links[0]!.hospital_id));
    await db
      .update(hospitals)
      .set({ latitude: 53.4808, longitude: -2.2426 })
      .where(sql`${hospitals.id} in (select hospital_id from provider_hospitals where provider_id = ${id})`);
    const moved = await findAll();
    expect(moved.ids).not.toContain(id);
    await db
      .update(hospitals)
      .set({ latitude: before[0]!.latitude, longitude: before[0]!.longitude })
      .where(sql`${hospitals.id} in (select hospital_id from provider_hospitals where provider_id = ${id})`);
    expect((await findAll()).ids).toContain(id);

    // Unlinked from every hospital: gone; linked again: back.
    await db.delete(providerHospitals).where(eq(providerHospitals.provider_id, id));
    expect((await findAll()).ids).not.toContain(id);
    await db.insert(providerHospitals).values(links);
    expect((await findAll()).ids).toContain(id);
  });
});
