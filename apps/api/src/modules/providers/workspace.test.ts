/** The provider's own profile (fees, photo, clinics) and dashboard through the API. */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileMessages, type DashboardResponse, type OwnProfileResponse } from '@careslot/contracts/provider-workspace';
import type { ProviderDetailsResponse } from '@careslot/contracts/providers';
import { availabilityRules } from '../../db/schema/availability';
import { availabilitySlots, payments } from '../../db/schema/booking';
import { providers } from '../../db/schema/providers';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  bookSlot,
  dayIn,
  newPatientRow,
  newProvider,
  openSlotsOf,
  slotAt,
  type TestProvider,
} from '../availability/availability.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: { providersPerRegion: 2, days: 2 } });
}, 120_000);
afterAll(async () => t?.close());

const profile = async (p: TestProvider) => {
  const res = await t.app.inject({ url: `/provider/profile/${p.id}/?providerRegion=${p.region}`, headers: p.auth });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as OwnProfileResponse).data;
};
const patch = (p: TestProvider, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/provider/profile/${p.id}/`, headers: p.auth, payload: { providerRegion: p.region, ...body } });
const addClinic = (p: TestProvider, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/provider/profile/${p.id}/clinics/`,
    headers: p.auth,
    payload: { providerRegion: p.region, ...body },
  });
const removeClinic = (p: TestProvider, hospitalId: string) =>
  t.app.inject({ method: 'DELETE', url: `/provider/profile/${p.id}/clinics/${hospitalId}/?providerRegion=${p.region}`, headers: p.auth });

function multipart(auth: Record<string, string>, field: string, filename: string, type: string, data: Buffer) {
  const boundary = '----careslot-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('own profile', () => {
  it('gives an unverified provider their own record with every clinic and its id', async () => {
    const p = await newProvider(t.app, { clinics: 2 });
    await t.app.db.update(providers).set({ verification_status: 'Unverified' }).where(eq(providers.id, p.id));
    const data = await profile(p);
    expect(data).toMatchObject({
      _id: p.id,
      verification_status: 'Unverified',
      verified: false,
      qualifications: ['MBBS', 'MRCGP'],
      consultation_minutes: 30,
    });
    expect(data.hospital_details.map((h) => h.hospital_id)).toEqual(p.clinics.map((c) => c.id));
    expect(data.hospital_details[0]).toMatchObject({
      hospital_name: p.clinics[0]!.name,
      time_zone: 'Europe/London',
      upcoming_appointments: 0,
    });
    // The workspace may ask before it knows the region (it learns it from the answer).
    const noRegion = await t.app.inject({ url: `/provider/profile/${p.id}/`, headers: p.auth });
    expect(noRegion.json().data.region).toBe('uk');
    // The public profile does not show an unverified provider.
    expect((await t.app.inject({ url: `/api/provider-details/${p.id}/?selectedRegion=uk` })).statusCode).toBe(404);
  });

  it('changes fees, bio, languages and qualifications; patients see them at once', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const res = await patch(p, {
      amount: '62.50',
      follow_amount: '40',
      bio: ' Calm and thorough. ',
      languages: ['English', 'Welsh', 'English'],
      qualifications: ['MBBS'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OwnProfileResponse).data).toMatchObject({
      amount: '62.50',
      follow_amount: '40.00',
      bio: 'Calm and thorough.',
      languages: ['English', 'Welsh'],
      qualifications: ['MBBS'],
    });
    const pub = (await t.app.inject({ url: `/api/provider-details/${p.id}/?selectedRegion=uk` })).json() as ProviderDetailsResponse;
    expect(pub.data).toMatchObject({
      amount: '62.50',
      follow_amount: '40.00',
      about: 'Calm and thorough.',
      languages: ['English', 'Welsh'],
    });
    for (const [body, message] of [
      [{ amount: '62.555' }, /amount like 45/],
      [{ amount: '-5' }, /amount like 45/],
      [{ amount: '20000' }, /amount like 45/],
      [{ consultation_minutes: 2 }, /at least 5 minutes/],
      [{ languages: [''] }, /cannot be empty/],
      [{ bio: 'x'.repeat(2001) }, /under 2,000/],
    ] as const) {
      const bad = await patch(p, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message).toMatch(message);
    }
    // Empty means absent: nothing changes.
    expect(((await patch(p, { amount: '', bio: '' })).json() as OwnProfileResponse).data.amount).toBe('62.50');
  });

  it('a new consultation length regenerates future free slots to the new length', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    await t.app.inject({
      method: 'POST',
      url: `/provider/availability-rules/${p.id}/`,
      headers: p.auth,
      payload: {
        providerRegion: 'uk',
        hospital_id: p.clinics[0]!.id,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        blocks: [{ start_time: '09:00', end_time: '10:00' }],
        from_date: dayIn('Europe/London', 1),
        until_date: dayIn('Europe/London', 3),
      },
    });
    expect((await openSlotsOf(t.app, p.id)).length).toBe(3 * 2);
    expect((await patch(p, { consultation_minutes: 20 })).statusCode).toBe(200);
    const slots = await openSlotsOf(t.app, p.id);
    expect(slots.length).toBe(3 * 3);
    expect(slots.every((s) => s.ends_at.getTime() - s.starts_at.getTime() === 20 * 60_000)).toBe(true);
  });

  it('takes a photo checked by its content and resized; refuses anything else', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const res = await t.app.inject({
      method: 'POST',
      url: `/provider/profile/${p.id}/photo/?providerRegion=uk`,
      ...multipart(p.auth, 'profile_image', 'me.png', 'image/png', png),
    });
    expect(res.statusCode, res.body).toBe(200);
    const path = res.json().profile_image as string;
    expect(path).toMatch(/^\/uploads\/profile\/[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject({ url: path });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect((await profile(p)).profile_image).toBe(path);
    const fake = await t.app.inject({
      method: 'POST',
      url: `/provider/profile/${p.id}/photo/?providerRegion=uk`,
      ...multipart(p.auth, 'profile_image', 'me.png', 'image/png', Buffer.from('<svg onload="alert(1)"></svg>')),
    });
    expect(fake.statusCode).toBe(415);
  });
});

describe('clinics', () => {
  it('adds a clinic placed by the geocoder (zone by place in the USA) and refuses a postcode it cannot place', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const added = await addClinic(p, { name: 'Upper Street Surgery', address: '12 Upper Street', city: 'London', postcode: 'n1 0pn' });
    expect(added.statusCode, added.body).toBe(201);
    const clinic = (added.json() as OwnProfileResponse).data.hospital_details[1]!;
    expect(clinic).toMatchObject({ hospital_name: 'Upper Street Surgery', postcode: 'N1 0PN', time_zone: 'Europe/London', city: 'London' });
    expect(clinic.latitude).toBeCloseTo(51.5, 0);
    expect(
      (await addClinic(p, { name: 'Upper Street Surgery', address: '12 Upper Street', city: 'London', postcode: 'N1 0PN' })).json().message,
    ).toBe(profileMessages.clinicAlreadyYours);
    const unknown = await addClinic(p, { name: 'Nowhere Clinic', address: '1 Nowhere', city: 'Nowhere', postcode: 'ZZ99 9ZZ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("We couldn't find that postcode");
    expect((await addClinic(p, { name: 'X', address: '', city: 'London', postcode: 'N1 0PN' })).statusCode).toBe(400);

    const us = await newProvider(t.app, { region: 'usa', clinics: 1 });
    const phoenix = await addClinic(us, {
      name: 'Camelback Family Medicine',
      address: '100 E Camelback Rd',
      city: 'Phoenix',
      postcode: '85012',
    });
    expect(phoenix.statusCode, phoenix.body).toBe(201);
    expect((phoenix.json() as OwnProfileResponse).data.hospital_details.at(-1)).toMatchObject({
      time_zone: 'America/Phoenix',
      postcode: '85012',
    });
  });

  it('removes a clinic with its availability, but not one with appointments to come, nor the last one', async () => {
    const p = await newProvider(t.app, { clinics: 2 });
    const [a, b] = p.clinics as [TestProvider['clinics'][0], TestProvider['clinics'][0]];
    const rule = (hospital_id: string, weekdays: number[]) =>
      t.app.inject({
        method: 'POST',
        url: `/provider/availability-rules/${p.id}/`,
        headers: p.auth,
        payload: {
          providerRegion: 'uk',
          hospital_id,
          weekdays,
          blocks: [{ start_time: '09:00', end_time: '10:00' }],
          from_date: dayIn('Europe/London', 1),
          until_date: dayIn('Europe/London', 14),
        },
      });
    expect((await rule(a.id, [1, 2, 3])).statusCode).toBe(201);
    expect((await rule(b.id, [4, 5])).statusCode).toBe(201);
    const atB = (await openSlotsOf(t.app, p.id)).filter((s) => s.hospital_id === b.id);
    const patient = await newPatientRow(t.app);
    const booking = await bookSlot(t.app, atB[0]!, { patientId: patient.id });
    const refused = await removeClinic(p, b.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(profileMessages.clinicBooked);
    expect((await profile(p)).hospital_details.find((h) => h.hospital_id === b.id)!.upcoming_appointments).toBe(1);

    await t.app.db.update(availabilitySlots).set({ status: 'withdrawn' }).where(eq(availabilitySlots.id, booking.slot_id));
    await t.app.db.execute(`update bookings set status = 'Cancelled by Doctor' where id = '${booking.id}'`);
    const removed = await removeClinic(p, b.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as OwnProfileResponse).data.hospital_details.map((h) => h.hospital_id)).toEqual([a.id]);
    expect((await openSlotsOf(t.app, p.id)).every((s) => s.hospital_id === a.id)).toBe(true);
    expect(
      (await t.app.db.select().from(availabilityRules).where(eq(availabilityRules.provider_id, p.id))).map((r) => r.hospital_id),
    ).toEqual([a.id]);
    const last = await removeClinic(p, a.id);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(profileMessages.lastClinic);
    expect((await removeClinic(p, b.id)).statusCode).toBe(404);
  });
});

describe('dashboard', () => {
  const dashboard = async (p: TestProvider) => {
    const res = await t.app.inject({ url: `/provider/dashboard/${p.id}/?providerRegion=${p.region}`, headers: p.auth });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as DashboardResponse).data;
  };

  it('a new provider: nothing yet, with what to set up', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    expect(await dashboard(p)).toMatchObject({
      verification_status: 'Verified',
      today: [],
      upcoming: [],
      week: { bookings: 0, cancellations: 0 },
      month_earnings: [],
      next_free_slot: null,
      setup: { clinics: 1, rules: 0, bank_accounts: 0 },
    });
  });

  it("today's and the next appointments, the week's figures, the month's earnings, the next free slot", async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const patient = await newPatientRow(t.app, 'Iris');
    const soon = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 5 * 86_400_000);
    const booked = await bookSlot(t.app, await slotAt(t.app, p, soon), { patientId: patient.id, amountMinor: 7000 });
    const free = await slotAt(t.app, p, new Date(soon.getTime() + 86_400_000));
    const data = await dashboard(p);
    expect(data.upcoming.map((r) => [r.id, r.user_name, r.status])).toEqual([[booked.id, `Iris ${patient.last_name}`, 'Booked']]);
    expect(data.week.bookings).toBe(1);
    expect(data.next_free_slot).toMatchObject({ hospital_name: p.clinics[0]!.name });
    void free;
    expect(data.today_date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // Earnings are the ledger's: nothing until a payment completes, then the amount less the 5 % platform fee.
    expect(data.month_earnings).toEqual([]);
    await t.app.db.insert(payments).values({
      booking_id: booked.id,
      gateway: 'sandbox',
      payment_method: 'stripe',
      external_id: `dash-${booked.id}`,
      amount_minor: 7000,
      currency: 'GBP',
      status: 'COMPLETED',
      platform_fee_minor: 350,
    });
    expect((await dashboard(p)).month_earnings).toEqual([{ currency: 'GBP', amount: '66.50' }]);
  });

  it('only the provider themself', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const q = await newProvider(t.app, { clinics: 1 });
    expect((await t.app.inject({ url: `/provider/dashboard/${p.id}/?providerRegion=uk`, headers: q.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/provider/profile/${p.id}/?providerRegion=uk`, headers: q.auth })).statusCode).toBe(403);
  });
});
