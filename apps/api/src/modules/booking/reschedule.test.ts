/**
 * Rescheduling: the booking moves with its payment, the calendar entry is updated (same UID, next SEQUENCE), and two
 * patients moving into one slot end with exactly one winner. On PostgreSQL (TEST_DATABASE_URL) the two moves go
 * through two app instances with their own pools on one database; on PGlite the same assertions check the logic.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bookingMessages } from '@careslot/contracts/booking';
import { availabilitySlots, bookingReminders, bookings, payments } from '../../db/schema/booking';
import { providers } from '../../db/schema/providers';
import { mailTo } from '../../test/test-app';
import { auth, newPatient, paidByCard, useBookingApp, type SlotPick, type TestPatient } from './booking.test-helpers';

const t = useBookingApp({ env: () => ({ RATE_LIMIT_SCALE: '10' }), second: {} });

/** Slots of one provider: the next free UK slot, and the next free ones of the same provider. */
async function slotsOfOneProvider(count: number): Promise<SlotPick[]> {
  const first = await t.nextSlot('uk');
  const out = [first];
  for (let i = 1; out.length < count && i < 200; i++) {
    const s = await t.nextSlot('uk');
    if (s.providerId === first.providerId) out.push(s);
  }
  if (out.length < count) throw new Error('not enough slots of one provider');
  return out;
}

async function paidBooking(slot: SlotPick): Promise<TestPatient> {
  const patient = await newPatient(t.app);
  await paidByCard(t.app, patient, slot);
  return patient;
}

const move = (app: FastifyInstance, patient: TestPatient, from: SlotPick, to: SlotPick, headers: Record<string, string> = auth(patient)) =>
  app.inject({
    method: 'POST',
    url: `/user/reschedule-appointment/${patient.id}/${from.providerId}/`,
    headers,
    payload: {
      providerRegion: 'uk',
      date: from.bookedDate,
      start_time: from.timeSlot,
      new_date: to.bookedDate,
      new_start_time: to.timeSlot,
    },
  });

async function activeOn(slot: SlotPick) {
  return t.app.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.slot_id, slot.slotId), inArray(bookings.status, ['Held', 'Booked'])));
}

describe('reschedule', () => {
  it('moves the booking with its payment, frees the old time, sends the updated invitation and tells the provider', async () => {
    const [from, to] = await slotsOfOneProvider(2);
    const patient = await paidBooking(from!);
    const providerEmail = `dr-move-${from!.providerId.slice(0, 8)}@example.com`;
    await t.app.db.update(providers).set({ email: providerEmail }).where(eq(providers.id, from!.providerId));
    const [before] = await activeOn(from!);

    const res = await move(t.app, patient, from!, to!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      data: { id: before!.id, status: 'Booked', date: to!.bookedDate, start_time: to!.timeSlot },
    });
    expect(await activeOn(from!)).toHaveLength(0);
    const [after] = await activeOn(to!);
    expect(after).toMatchObject({ id: before!.id, status: 'Booked', ics_uid: before!.ics_uid, ics_sequence: before!.ics_sequence + 1 });
    // The reminders follow the booking to its new time.
    const reminders = await t.app.db.select().from(bookingReminders).where(eq(bookingReminders.booking_id, before!.id));
    const [slotRow] = await t.app.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, to!.slotId));
    expect(reminders.find((r) => r.kind === '24h')!.due_at.getTime()).toBe(slotRow!.starts_at.getTime() - 86_400_000);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.booking_id, before!.id));
    expect(payment!.status).toBe('COMPLETED');

    const mail = (await mailTo(t.app, patient.email)).filter((m) => m.subject.startsWith('Rescheduled'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.ics).toContain('METHOD:REQUEST');
    expect(mail[0]!.ics).toContain(`UID:${before!.ics_uid}`);
    expect(mail[0]!.ics).toContain(`SEQUENCE:${before!.ics_sequence + 1}`);
    expect((await mailTo(t.app, providerEmail)).filter((m) => m.subject.startsWith('Rescheduled by the patient'))).toHaveLength(1);
  });

  it('refuses a taken target with 409 and leaves the booking where it was; refuses strangers', async () => {
    const [a, b] = await slotsOfOneProvider(2);
    const first = await paidBooking(a!);
    const other = await paidBooking(b!);
    const res = await move(t.app, first, a!, b!);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(bookingMessages.slotTaken);
    expect((await activeOn(a!))[0]!.patient_id).toBe(first.id);
    expect((await move(t.app, first, a!, b!, auth(other))).statusCode).toBe(403);
    expect((await move(t.app, first, a!, b!, {})).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/user/reschedule-appointment/${first.id}/${a!.providerId}/`,
      headers: auth(first),
      payload: { providerRegion: 'uk', date: a!.bookedDate, start_time: a!.timeSlot, new_date: '2027-01-01', new_start_time: '9:00' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/DD\/MM\/YYYY|h:mm AM\/PM/);
  });

  it('two patients moving into one slot at once: one wins, the other keeps their booking and sees the 409', async () => {
    const [a, b, target] = await slotsOfOneProvider(3);
    const pa = await paidBooking(a!);
    const pb = await paidBooking(b!);
    const [ra, rb] = await Promise.all([move(t.app, pa, a!, target!), move(t.second, pb, b!, target!)]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const loser = ra.statusCode === 409 ? { res: ra, slot: a!, patient: pa } : { res: rb, slot: b!, patient: pb };
    expect(loser.res.json().message).toBe(bookingMessages.slotTaken);
    expect(await activeOn(target!)).toHaveLength(1);
    expect((await activeOn(loser.slot))[0]!.patient_id).toBe(loser.patient.id);
    // Never two slots or none: each patient holds exactly one booked appointment.
    for (const p of [pa, pb]) {
      const rows = await t.app.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.patient_id, p.id), eq(bookings.status, 'Booked')));
      expect(rows).toHaveLength(1);
    }
  });

  it('is refused after the cut-off, like a free cancellation', async () => {
    const [a, b] = await slotsOfOneProvider(2);
    const p = await paidBooking(a!);
    await t.app.db
      .update(providers)
      .set({ cancellation_cutoff_hours: 24 * 400 })
      .where(eq(providers.id, a!.providerId));
    const res = await move(t.app, p, a!, b!);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/can be moved until/);
    await t.app.db.update(providers).set({ cancellation_cutoff_hours: 24 }).where(eq(providers.id, a!.providerId));
  });
});
