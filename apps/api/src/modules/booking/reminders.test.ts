/**
 * Reminders: planned with the booking, visible on the patient's list, sent exactly once with two workers (two app
 * instances on PostgreSQL), never after a cancellation, rebuilt when the booking moves.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UserAppointmentsResponse } from '@careslot/contracts/patients';
import { bookingReminders, bookings } from '../../db/schema/booking';
import { mailTo } from '../../test/test-app';
import { auth, newPatient, paidByCard, useBookingApp, type SlotPick, type TestPatient } from './booking.test-helpers';
import { rowsOf } from '../../db/rows';

const t = useBookingApp({ second: {} });

async function paidBooking(): Promise<{ slot: SlotPick; patient: TestPatient; bookingId: string }> {
  const slot = await t.nextSlot('uk');
  const patient = await newPatient(t.app);
  await paidByCard(t.app, patient, slot);
  const [b] = await t.app.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.slot_id, slot.slotId), eq(bookings.status, 'Booked')));
  return { slot, patient, bookingId: b!.id };
}

/** The booking's reminders come due now (as if time had passed). */
async function makeDue(bookingId: string) {
  await t.app.db
    .update(bookingReminders)
    .set({ due_at: sql`now() - interval '1 second'` })
    .where(eq(bookingReminders.booking_id, bookingId));
}

const reminderMails = async (p: TestPatient) => (await mailTo(t.app, p.email)).filter((m) => m.subject.startsWith('Reminder'));

describe('reminders', () => {
  it('are planned with the booking and shown on the patient’s list', async () => {
    const { patient, bookingId, slot } = await paidBooking();
    const rows = await t.app.db.select().from(bookingReminders).where(eq(bookingReminders.booking_id, bookingId));
    expect(rows.map((r) => r.kind).sort()).toContain('24h');
    const list = await t.app.inject({ url: `/user/user-appointments/${patient.id}/`, headers: auth(patient) });
    const row = (list.json() as UserAppointmentsResponse).upcoming.find((a) => a.id === bookingId)!;
    expect(row.reminders.find((r) => r.kind === '24h')).toMatchObject({ channel: 'email', sent: false });
    const [s] = await t.app.db
      .execute(sql`select starts_at from availability_slots where id = ${slot.slotId}`)
      .then((r) => rowsOf<{ starts_at: string }>(r));
    const startsAt = new Date(s!.starts_at).getTime();
    expect(new Date(row.reminders.find((r) => r.kind === '24h')!.due_at).getTime()).toBe(startsAt - 86_400_000);
  });

  it('are sent exactly once by two workers at once, with the clinic, the cancel link and the invitation', async () => {
    const { patient, bookingId } = await paidBooking();
    await makeDue(bookingId);
    const counts = await Promise.all([
      t.app.booking.sendDueReminders(),
      t.second.booking.sendDueReminders(),
      t.app.booking.sendDueReminders(),
    ]);
    const planned = (await t.app.db.select().from(bookingReminders).where(eq(bookingReminders.booking_id, bookingId))).length;
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(planned);
    const mails = await reminderMails(patient);
    expect(mails).toHaveLength(planned);
    expect(mails[0]!.text).toMatch(/Clinic: .+/);
    expect(mails[0]!.text).toContain('openstreetmap.org');
    expect(mails[0]!.text).toMatch(/Cancel: http\S+\/cancel-appointment\?token=/);
    expect(mails[0]!.ics).toContain('METHOD:REQUEST');
    const sent = await t.app.db.select().from(bookingReminders).where(eq(bookingReminders.booking_id, bookingId));
    expect(sent.every((r) => r.sent_at !== null)).toBe(true);
    // Again: nothing more.
    await t.app.booking.sendDueReminders();
    expect(await reminderMails(patient)).toHaveLength(planned);
  });

  it('are never sent for a cancelled booking', async () => {
    const { patient, bookingId, slot } = await paidBooking();
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/user/user-or-provider-appointment-cancellation/${patient.id}/${slot.providerId}/`,
      headers: auth(patient),
      payload: { providerRegion: 'uk', date: slot.bookedDate, start_time: slot.timeSlot, cancelling_person: 'patient' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await t.app.db.select().from(bookingReminders).where(eq(bookingReminders.booking_id, bookingId))).toHaveLength(0);
    await t.app.booking.sendDueReminders();
    expect(await reminderMails(patient)).toHaveLength(0);
  });

  it('a booking whose status changed without its rows (a provider-side path) is skipped by the worker', async () => {
    const { patient, bookingId } = await paidBooking();
    await makeDue(bookingId);
    await t.app.db.update(bookings).set({ status: 'Cancelled by Doctor' }).where(eq(bookings.id, bookingId));
    await t.app.booking.sendDueReminders();
    expect(await reminderMails(patient)).toHaveLength(0);
  });
});
