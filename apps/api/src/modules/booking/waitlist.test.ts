/** The waitlist: join, list, leave; notified in join order when a slot frees up; the first to book gets it. */
import { and, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { waitlistMessages } from '@careslot/contracts/after-booking';
import { bookingMessages } from '@careslot/contracts/booking';
import { bookings, waitlistEntries } from '../../db/schema/booking';
import { hospitals, providerHospitals } from '../../db/schema/providers';
import { mailTo } from '../../test/test-app';
import { auth, newPatient, paidByCard, requestOtp, useBookingApp, type TestPatient } from './booking.test-helpers';
import { joinWaitlist, listWaitlist } from './waitlist';
import { dropPastEntries } from './waitlist.repository';

const g = useBookingApp();

const isoOf = (dmy: string) => dmy.split('/').reverse().join('-');
const join = (p: TestPatient, body: Record<string, unknown>) =>
  g.app.inject({ method: 'POST', url: `/user/waitlist/${p.id}/`, headers: auth(p), payload: body });

describe('waitlist', () => {
  it('joins, lists and leaves, with readable refusals', async () => {
    const slot = await g.nextSlot('uk');
    const p = await newPatient(g.app);
    const day = isoOf(slot.bookedDate);
    const body = { providerId: slot.providerId, providerRegion: 'uk', from_date: day, to_date: day };
    const res = await join(p, body);
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json().data;
    expect(entry).toMatchObject({ provider_id: slot.providerId, from_date: day, to_date: day });
    expect((await join(p, body)).json().message).toBe(waitlistMessages.duplicate);
    expect((await join(p, { ...body, to_date: '2000-01-01', from_date: '2000-01-01' })).json().message).toBe(waitlistMessages.rangePast);
    const backwards = DateTime.fromISO(day).minus({ days: 1 }).toISODate();
    expect((await join(p, { ...body, to_date: backwards })).json().message).toBe(waitlistMessages.rangeOrder);
    expect((await join(p, { ...body, to_date: DateTime.fromISO(day).plus({ days: 200 }).toISODate() })).statusCode).toBe(400);
    expect((await join(p, { ...body, from_date: '03/03/2027' })).statusCode).toBe(400);
    const other = await newPatient(g.app);
    expect((await g.app.inject({ method: 'POST', url: `/user/waitlist/${p.id}/`, headers: auth(other), payload: body })).statusCode).toBe(
      403,
    );
    expect((await g.app.inject({ method: 'POST', url: `/user/waitlist/${p.id}/`, payload: body })).statusCode).toBe(401);

    const list = await g.app.inject({ url: `/user/waitlist/${p.id}/`, headers: auth(p) });
    expect(list.json().data.map((e: { id: string }) => e.id)).toEqual([entry.id]);
    expect(
      (await g.app.inject({ method: 'DELETE', url: `/user/waitlist/${other.id}/${entry.id}/`, headers: auth(other) })).statusCode,
    ).toBe(404);
    expect((await g.app.inject({ method: 'DELETE', url: `/user/waitlist/${p.id}/${entry.id}/`, headers: auth(p) })).statusCode).toBe(200);
    expect((await g.app.inject({ url: `/user/waitlist/${p.id}/`, headers: auth(p) })).json().data).toEqual([]);
  });

  /** A provider of the region whose clinics are all in `zone`. */
  async function providerIn(region: 'uk' | 'usa', zone: string): Promise<string> {
    const res = await g.app.db.execute(sql`
      select ph.provider_id from provider_hospitals ph join hospitals h on h.id = ph.hospital_id
      join providers p on p.id = ph.provider_id
      where p.region = ${region} group by ph.provider_id having bool_and(h.time_zone = ${zone}) limit 1`);
    const id = (res as unknown as { rows: { provider_id: string }[] }).rows[0]?.provider_id;
    expect(id, `a ${region} provider with clinics only in ${zone}`).toBeDefined();
    return id!;
  }

  it('counts a day as past only once it has passed at the clinic: 23:30 in New York is still that day there', async () => {
    const providerId = await providerIn('usa', 'America/New_York');
    const p = await newPatient(g.app);
    const ninth = { providerId, providerRegion: 'usa' as const, from_date: '2026-11-09', to_date: '2026-11-09' };
    // 23:30 on 9 November in New York is 04:30 UTC on the 10th.
    const evening = new Date('2026-11-10T04:30:00Z');
    const entry = await joinWaitlist(g.app.db, p.id, ninth, evening);
    expect(entry).toMatchObject({ provider_id: providerId, to_date: '2026-11-09' });
    expect((await listWaitlist(g.app.db, p.id, evening)).map((e) => e.id)).toEqual([entry.id]);
    await dropPastEntries(g.app.db, evening);
    expect(await g.app.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id))).toHaveLength(1);

    // 00:30 on the 10th in New York (still the 9th in Honolulu and Los Angeles): the 9th has passed at this clinic.
    const night = new Date('2026-11-10T05:30:00Z');
    const other = await newPatient(g.app);
    await expect(joinWaitlist(g.app.db, other.id, ninth, night)).rejects.toThrow(waitlistMessages.rangePast);
    expect(await listWaitlist(g.app.db, p.id, night)).toEqual([]);
    await dropPastEntries(g.app.db, night);
    expect(await g.app.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id))).toHaveLength(0);
  });

  it('counts a day as past at 00:30 in London in summer, when UTC is still on the day before', async () => {
    const providerId = await providerIn('uk', 'Europe/London');
    const p = await newPatient(g.app);
    const ninth = { providerId, providerRegion: 'uk' as const, from_date: '2026-06-09', to_date: '2026-06-09' };
    // 23:30 on 9 June in London (22:30 UTC): still the 9th.
    const evening = new Date('2026-06-09T22:30:00Z');
    const entry = await joinWaitlist(g.app.db, p.id, ninth, evening);
    expect((await listWaitlist(g.app.db, p.id, evening)).map((e) => e.id)).toEqual([entry.id]);
    // 00:30 on 10 June in London is 23:30 UTC on the 9th: the 9th has passed in London.
    const night = new Date('2026-06-09T23:30:00Z');
    await expect(joinWaitlist(g.app.db, (await newPatient(g.app)).id, ninth, night)).rejects.toThrow(waitlistMessages.rangePast);
    expect(await listWaitlist(g.app.db, p.id, night)).toEqual([]);
    await dropPastEntries(g.app.db, night);
    expect(await g.app.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id))).toHaveLength(0);
  });

  it('through the API: a New York evening may ask for that day, never refused as past by UTC', async () => {
    const providerId = await providerIn('usa', 'America/New_York');
    const p = await newPatient(g.app);
    const today = DateTime.now().setZone('America/New_York').toISODate()!;
    const res = await join(p, { providerId, providerRegion: 'usa', from_date: today, to_date: today });
    expect(res.statusCode, res.body).toBe(201);
    const yesterday = DateTime.now().setZone('America/New_York').minus({ days: 1 }).toISODate()!;
    const past = await join(p, { providerId, providerRegion: 'usa', from_date: yesterday, to_date: yesterday });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(waitlistMessages.rangePast);
  });

  it('a patient cancellation e-mails the waiting patients in join order; the first to book gets the slot and leaves the list', async () => {
    const slot = await g.nextSlot('uk');
    const holder = await newPatient(g.app);
    await paidByCard(g.app, holder, slot);
    const day = isoOf(slot.bookedDate);
    const waiting = [await newPatient(g.app), await newPatient(g.app), await newPatient(g.app)];
    for (const w of waiting) {
      expect((await join(w, { providerId: slot.providerId, providerRegion: 'uk', from_date: day, to_date: day })).statusCode).toBe(201);
    }

    const cancel = await g.app.inject({
      method: 'PUT',
      url: `/user/user-or-provider-appointment-cancellation/${holder.id}/${slot.providerId}/`,
      headers: auth(holder),
      payload: { providerRegion: 'uk', date: slot.bookedDate, start_time: slot.timeSlot, cancelling_person: 'patient' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const notices = [];
    for (const w of waiting) {
      const m = (await mailTo(g.app, w.email)).filter((x) => x.subject.startsWith('A time is free'));
      expect(m).toHaveLength(1);
      expect(m[0]!.text).toContain(`/appointment/${slot.providerId}?`);
      notices.push(m[0]!);
    }
    // Queued (and so delivered) in the order they joined.
    expect(notices.map((m) => m.id)).toEqual([...notices.map((m) => m.id)].sort((a, b) => a - b));
    expect((await mailTo(g.app, holder.email)).filter((x) => x.subject.startsWith('A time is free'))).toHaveLength(0);

    // The last to join is the first to book: the link holds nothing, checkout decides.
    const [first, second, winner] = waiting as [TestPatient, TestPatient, TestPatient];
    await paidByCard(g.app, winner, slot);
    const late = await requestOtp(g.app, first, slot);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(bookingMessages.slotTaken);
    const active = await g.app.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.slot_id, slot.slotId), eq(bookings.status, 'Booked')));
    expect(active.map((b) => b.patient_id)).toEqual([winner.id]);
    expect(await g.app.db.select().from(waitlistEntries).where(eq(waitlistEntries.patient_id, winner.id))).toHaveLength(0);
    expect(await g.app.db.select().from(waitlistEntries).where(eq(waitlistEntries.patient_id, second.id))).toHaveLength(1);
  });
});

describe('waitlist and new availability', () => {
  it('a provider opening new times tells those waiting for those days, one e-mail each in join order, others not', async () => {
    const slot = await g.nextSlot('uk');
    const [clinic] = await g.app.db.select().from(providerHospitals).where(eq(providerHospitals.provider_id, slot.providerId));
    const [tz] = await g.app.db.select({ zone: hospitals.time_zone }).from(hospitals).where(eq(hospitals.id, clinic!.hospital_id));
    const day = DateTime.now().setZone(tz!.zone).plus({ days: 40 }).toISODate()!;
    const first = await newPatient(g.app);
    const second = await newPatient(g.app);
    const elsewhere = await newPatient(g.app);
    const range = { providerId: slot.providerId, providerRegion: 'uk' };
    expect((await join(first, { ...range, from_date: day, to_date: day })).statusCode).toBe(201);
    expect(
      (await join(second, { ...range, from_date: DateTime.fromISO(day).minus({ days: 3 }).toISODate(), to_date: day })).statusCode,
    ).toBe(201);
    const before = DateTime.fromISO(day).minus({ days: 10 }).toISODate();
    expect((await join(elsewhere, { ...range, from_date: before, to_date: before })).statusCode).toBe(201);

    const providerAuth = { authorization: `Bearer ${await g.app.tokens.signAccess({ id: slot.providerId, type: 'provider' })}` };
    const res = await g.app.inject({
      method: 'POST',
      url: `/provider/availability/${slot.providerId}/`,
      headers: providerAuth,
      payload: { providerRegion: 'uk', hospital_id: clinic!.hospital_id, date: day, start_time: '21:00', end_time: '22:00' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created).toBeGreaterThan(1);

    const newTimes = async (p: TestPatient) => (await mailTo(g.app, p.email)).filter((m) => m.subject.startsWith('New times are free'));
    const [a, b] = [await newTimes(first), await newTimes(second)];
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(a[0]!.id).toBeLessThan(b[0]!.id);
    const shownDay = DateTime.fromISO(day).toFormat('dd/MM/yyyy');
    expect(a[0]!.text).toContain(`${shownDay} 9:00 PM`);
    expect(a[0]!.text).toContain(`${shownDay} 9:30 PM`);
    expect(a[0]!.text).toContain(`/appointment/${slot.providerId}?region=uk&date=${encodeURIComponent(shownDay)}&time=9%3A00+PM`);
    expect(await newTimes(elsewhere)).toHaveLength(0);
  });
});
