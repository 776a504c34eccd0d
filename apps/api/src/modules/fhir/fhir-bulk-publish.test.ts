/** SMART Scheduling Links from $bulk-publish (docs/fhir.md): manifest, NDJSON files, ETag/304 and _since; every line valid R4. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Location, Schedule, Slot } from '@medplum/fhirtypes';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fhirGet, validNdjson } from './fhir.test-helpers';
import { BOOKING_DEEP_LINK, SLOT_CAPACITY } from './fhir.types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { providersPerRegion: 3, days: 2, demoAccounts: true } });
  // Migrations and the seed take a while on a busy machine.
}, 180_000);
afterAll(async () => t?.close());

const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

describe('$bulk-publish', () => {
  it('answers a manifest naming Location, Schedule and Slot files, each NDJSON of valid R4 resources', async () => {
    const res = await t.app.inject({ url: '/fhir/R4/$bulk-publish' });
    expect(res.statusCode).toBe(200);
    const manifest = res.json() as { transactionTime: string; request: string; output: { type: string; url: string }[]; error: unknown[] };
    expect(manifest.output.map((o) => o.type)).toEqual(['Location', 'Schedule', 'Slot']);
    expect(manifest.error).toEqual([]);
    expect(Number.isNaN(Date.parse(manifest.transactionTime))).toBe(false);
    const files: Record<string, string> = {};
    for (const o of manifest.output) {
      const f = await t.app.inject({ url: path(o.url) });
      expect(f.statusCode).toBe(200);
      expect(f.headers['content-type']).toMatch(/^application\/fhir\+ndjson/);
      files[o.type] = f.body;
    }
    const locations = validNdjson(files.Location!) as Location[];
    const schedules = validNdjson(files.Schedule!) as Schedule[];
    const slots = validNdjson(files.Slot!) as Slot[];
    expect(locations.length).toBeGreaterThan(0);
    const scheduleIds = new Set(schedules.map((s) => `Schedule/${s.id}`));
    expect(slots.every((s) => scheduleIds.has(s.schedule.reference!))).toBe(true);
    const free = slots.filter((s) => s.status === 'free');
    expect(free.length).toBeGreaterThan(0);
    for (const s of free) {
      const link = s.extension!.find((e) => e.url === BOOKING_DEEP_LINK)!.valueUrl!;
      expect(link).toMatch(/\/appointment\/[0-9a-f-]{36}\?region=(uk|usa)&date=\d{2}%2F\d{2}%2F\d{4}&time=/);
      expect(s.extension!.find((e) => e.url === SLOT_CAPACITY)!.valueInteger).toBe(1);
    }
    // Verified providers only: no slot of an unverified provider is published.
    const hidden = (
      (await t.app.db.execute(
        sql`select s.id::text from availability_slots s join providers p on p.id = s.provider_id where p.verification_status <> 'Verified' and s.starts_at > now() limit 5`,
      )) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => r.id);
    expect(slots.filter((s) => hidden.includes(s.id!))).toEqual([]);
    // Every line is validated: slow on a busy machine.
  }, 150_000);

  it('answers 304 to If-None-Match with the current ETag, and a new ETag once a slot is booked', async () => {
    const first = await t.app.inject({ url: '/fhir/R4/$bulk-publish/Slot.ndjson' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect((await t.app.inject({ url: '/fhir/R4/$bulk-publish/Slot.ndjson', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const manifest = await t.app.inject({ url: '/fhir/R4/$bulk-publish' });
    expect(
      (await t.app.inject({ url: '/fhir/R4/$bulk-publish', headers: { 'if-none-match': manifest.headers.etag as string } })).statusCode,
    ).toBe(304);

    const [slot] = validNdjson(first.body).filter((s) => (s as Slot).status === 'free') as Slot[];
    const [patient] = ((await t.app.db.execute(sql`select id from patients limit 1`)) as unknown as { rows: { id: string }[] }).rows;
    // _since below: after the seed made every slot, before this booking.
    const [{ at: since }] = ((await t.app.db.execute(sql`select now() as at`)) as unknown as { rows: [{ at: Date | string }] }).rows;
    await t.app.db.execute(sql`insert into bookings (slot_id, patient_id, provider_id, region, status, amount_minor, currency, ics_uid)
      select s.id, ${patient!.id}::uuid, s.provider_id, s.region, 'Booked', 100, 'GBP', 'bulk-test@careslot' from availability_slots s where s.id = ${slot!.id}::bigint`);
    const after = await t.app.inject({ url: '/fhir/R4/$bulk-publish/Slot.ndjson', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    const now = (validNdjson(after.body) as Slot[]).find((s) => s.id === slot!.id)!;
    expect(now.status).toBe('busy');
    expect(now.extension!.some((e) => e.url === BOOKING_DEEP_LINK)).toBe(false);
    expect(after.body).not.toContain(patient!.id);

    // _since: only what changed since then (the booked slot), and the manifest carries it on.
    const m = (
      await t.app.inject({ url: `/fhir/R4/$bulk-publish?_since=${encodeURIComponent(new Date(since).toISOString())}` })
    ).json() as {
      output: { type: string; url: string }[];
    };
    const slotUrl = m.output.find((o) => o.type === 'Slot')!.url;
    expect(slotUrl).toContain('_since=');
    const changed = validNdjson((await t.app.inject({ url: path(slotUrl) })).body) as Slot[];
    expect(changed.map((s) => s.id)).toContain(slot!.id);
    expect(changed.length).toBeLessThan((validNdjson(after.body) as Slot[]).length);
  }, 150_000);

  it('refuses a bad _since, unknown parameters and unknown files with an OperationOutcome', async () => {
    expect((await fhirGet(t.app, '/fhir/R4/$bulk-publish?_since=yesterday')).status).toBe(400);
    expect((await fhirGet(t.app, '/fhir/R4/$bulk-publish?type=Slot')).status).toBe(400);
    expect((await fhirGet(t.app, '/fhir/R4/$bulk-publish/Patient.ndjson')).status).toBe(404);
  });
});
