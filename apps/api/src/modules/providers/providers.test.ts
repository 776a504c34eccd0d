import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { ProviderDetailsResponse, ProviderSlotsResponse } from '@careslot/contracts/providers';
import type { SearchResponse } from '@careslot/contracts/search';
import { createTestApp, type TestApp } from '../../test/test-app';
import { availabilitySlots, bookings } from '../../db/schema/booking';
import { providers } from '../../db/schema/providers';
import { isSlotFree } from '../availability/availability.service';

let t: TestApp;
let gpId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
  const res = await t.app.inject({ url: '/api/test-search/?postcode=W1G%207JQ&specialty=gp&radius=10&selectedRegion=uk' });
  gpId = (res.json() as SearchResponse).data[0]!.id;
}, 120_000);
afterAll(async () => t?.close());

const slotsOf = async (id: string) => {
  const res = await t.app.inject({ url: `/api/provider-slots/${id}/?selectedRegion=uk` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ProviderSlotsResponse).data.slots;
};
const book = (slotId: number, status: string, holdExpiresAt: Date | null) =>
  t.database.db.insert(bookings).values({
    slot_id: slotId,
    provider_id: gpId,
    region: 'uk',
    status,
    hold_expires_at: holdExpiresAt,
    amount_minor: 5000,
    currency: 'GBP',
    ics_uid: `test-${slotId}-${status}`,
  });
const check = async (date: string, time: string) =>
  t.app.inject({ url: `/user/check-slot/${gpId}/?providerRegion=uk&date=${encodeURIComponent(date)}&time=${encodeURIComponent(time)}` });

describe('GET /api/provider-details/{id}/ and /api/doctors/{id}', () => {
  it('returns the public profile fields (docs/search.md)', async () => {
    const res = await t.app.inject({ url: `/api/provider-details/${gpId}/?selectedRegion=uk` });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as ProviderDetailsResponse;
    expect(data).toMatchObject({ _id: gpId, verified: true, speciality: 'General Practitioner', currency: 'GBP' });
    expect(data.registed_with.professional_body_name).toBe('General Medical Council');
    expect(data.hospital_details[0]!.hospital_name).toBeTruthy();
    expect(data.amount).toMatch(/^\d+\.00$/);
    expect(Number(data.follow_amount)).toBeLessThan(Number(data.amount));
    expect(data.languages).toContain('English');
    const doc = (await t.app.inject({ url: `/api/doctors/${gpId}` })).json();
    expect(doc.data).toMatchObject({ _id: gpId, name: data.name, qualifications: data.qualifications });
  });
  it('404s for another region, unverified providers and unknown ids; 400 for malformed ids', async () => {
    expect((await t.app.inject({ url: `/api/provider-details/${gpId}/?selectedRegion=usa` })).statusCode).toBe(404);
    const [unverified] = await t.database.db
      .select({ id: providers.id })
      .from(providers)
      .where(eq(providers.verification_status, 'Unverified'))
      .limit(1);
    expect((await t.app.inject({ url: `/api/provider-details/${unverified!.id}/?selectedRegion=uk` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/doctors/${unverified!.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/provider-details/00000000-0000-4000-8000-000000000000/' })).statusCode).toBe(404);
    const bad = await t.app.inject({ url: '/api/provider-details/not-an-id/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/provider id/);
  });
});

describe('availability', () => {
  it('lists 14 days of slots shown in the hospital time zone', async () => {
    const slots = await slotsOf(gpId);
    expect(slots.length).toBeGreaterThan(0);
    // The provider's minimum notice (2 hours by default) closes a slot for booking before it starts.
    const noticeEnds = Date.now() + 2 * 3600_000;
    expect(slots.filter((x) => Date.parse(x.starts_at) <= noticeEnds).every((x) => !x.available)).toBe(true);
    const s = slots.find((x) => Date.parse(x.starts_at) > noticeEnds + 60_000)!;
    expect(s.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(s.time).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    expect(s.end_time).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    expect(s.consultationTime).toBe(15);
    expect(s.time_zone).toBe('Europe/London');
    expect(s.available).toBe(true);
  });

  it('booked and unexpired held slots are not free; an expired hold frees the slot again', async () => {
    const [a, b, c] = await t.database.db
      .select()
      .from(availabilitySlots)
      .where(and(eq(availabilitySlots.provider_id, gpId), gt(availabilitySlots.book_by, new Date())))
      .orderBy(asc(availabilitySlots.starts_at))
      .limit(3);
    const before = (await slotsOf(gpId)).find((s) => s.slot_id === a!.id)!;
    // The slot's own hospital and end come with the answer (the checkout shows them).
    expect((await check(before.date, before.time)).json().data).toEqual({
      available: true,
      slot_id: a!.id,
      hospital_id: before.hospital.hospital_id,
      end_time: before.end_time,
    });

    await book(a!.id, 'Booked', null);
    await book(b!.id, 'Held', new Date(Date.now() + 10 * 60_000));
    await book(c!.id, 'Held', new Date(Date.now() - 60_000));
    expect(await isSlotFree(t.database.db, a!.id)).toBe(false);
    expect(await isSlotFree(t.database.db, b!.id)).toBe(false);
    expect(await isSlotFree(t.database.db, c!.id)).toBe(true);

    const slots = await slotsOf(gpId);
    const byId = new Map(slots.map((s) => [s.slot_id, s]));
    expect(byId.get(a!.id)!.available).toBe(false);
    expect(byId.get(b!.id)!.available).toBe(false);
    expect(byId.get(c!.id)!.available).toBe(true);
    expect((await check(byId.get(a!.id)!.date, byId.get(a!.id)!.time)).json().data.available).toBe(false);
    expect((await check(byId.get(b!.id)!.date, byId.get(b!.id)!.time)).json().data.available).toBe(false);
    expect((await check(byId.get(c!.id)!.date, byId.get(c!.id)!.time)).json().data.available).toBe(true);

    // Search shows the first FREE slot as next available (another radius: identical searches are memoised for 5 s).
    const res = await t.app.inject({ url: '/api/test-search/?postcode=W1G%207JQ&specialty=gp&radius=11&selectedRegion=uk' });
    const card = (res.json() as SearchResponse).data.find((r) => r.id === gpId)!;
    expect(card.next_available_slot!.slot_id).toBe(c!.id);
  });

  it('check-slot: unknown slots are unavailable; malformed input is 400', async () => {
    expect((await check('01/01/2020', '9:00 AM')).json().data).toEqual({
      available: false,
      slot_id: null,
      hospital_id: null,
      end_time: null,
    });
    expect((await check('31/02/2027', '9:00 AM')).statusCode).toBe(400);
    expect((await check('2027-03-03', '9:00 AM')).statusCode).toBe(400);
    expect((await check('03/03/2027', '13:00 PM')).statusCode).toBe(400);
    expect((await check('03/03/2027', 'nine')).statusCode).toBe(400);
    const other = await t.app.inject({ url: `/user/check-slot/${gpId}/?providerRegion=usa&date=03/03/2027&time=9:00%20AM` });
    expect(other.statusCode).toBe(404);
  });

  it('provider-slots validates its range', async () => {
    const base = `/api/provider-slots/${gpId}/?selectedRegion=uk`;
    expect((await t.app.inject({ url: `${base}&from=2027-13-01` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${base}&from=2027-03-10&to=2027-03-01` })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `${base}&from=2027-03-01&to=2027-05-01` })).json().message).toMatch(/at most 31 days/);
    expect((await t.app.inject({ url: `${base}&from=03/03/2027` })).statusCode).toBe(400);
  });
});
