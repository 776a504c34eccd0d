/** The provider's booked history, cancellation (refund and e-mail exactly once) and the statuses that move by themselves. */
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { historyMessages, type HistoryResponse } from '@careslot/contracts/appointments';
import { availabilitySlots, bookings, payments, sandboxPayments } from '../../db/schema/booking';
import { mailTo } from '../../test/test-app';
import { bookSlot, newPatientRow, newProvider, slotAt } from '../availability/availability.test-helpers';
import {
  auth,
  newPatient,
  paidByCard,
  paymentOf,
  startWalletOrder,
  useBookingApp,
  verifiedAttempt,
  type SlotPick,
  type TestPatient,
} from './booking.test-helpers';

const g = useBookingApp();

/** A patient books and pays a slot for real (sandbox card or wallet); answers the slot and the patient. */
async function paidBooking(method: 'stripe' | 'paypal' = 'stripe'): Promise<{ slot: SlotPick; patient: TestPatient; externalId: string }> {
  const slot = await g.nextSlot('uk');
  const patient = await newPatient(g.app);
  if (method === 'stripe') return { slot, patient, externalId: await paidByCard(g.app, patient, slot) };
  await verifiedAttempt(g.app, patient, slot);
  const { orderID } = (await startWalletOrder(g.app, patient, slot)).json();
  expect((await g.app.inject({ method: 'POST', url: `/sandbox/paypal/orders/${orderID}/approve` })).statusCode).toBe(200);
  const verified = await g.app.inject({
    method: 'POST',
    url: '/user/verify-payment/',
    headers: auth(patient),
    payload: { orderID, user_id: patient.id },
  });
  expect(verified.json().data.success, verified.body).toBe(true);
  return { slot, patient, externalId: orderID };
}

const providerAuth = async (providerId: string) => ({
  authorization: `Bearer ${await g.app.tokens.signAccess({ id: providerId, type: 'provider' })}`,
});
const history = async (providerId: string, query = '') =>
  g.app.inject({
    url: `/provider/provider-booked-appointment-history/${providerId}/?ProviderRegion=uk${query}`,
    headers: await providerAuth(providerId),
  });
const cancel = async (slot: SlotPick, patientId: string, body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  g.app.inject({
    method: 'PUT',
    url: `/user/user-or-provider-appointment-cancellation/${patientId}/${slot.providerId}/`,
    headers: headers ?? (await providerAuth(slot.providerId)),
    payload: {
      providerRegion: 'uk',
      date: slot.bookedDate,
      start_time: slot.timeSlot,
      cancelling_person: 'provider',
      cancellation_reason: 'I am unwell',
      ...body,
    },
  });

describe('provider cancellation', () => {
  it('cancels, withdraws the slot, refunds through the card gateway and e-mails the patient once, however often it is retried', async () => {
    const { slot, patient, externalId } = await paidBooking('stripe');
    const rows = (await history(slot.providerId)).json() as HistoryResponse;
    const row = rows.appointments.find((a) => a.date === slot.bookedDate && a.start_time === slot.timeSlot)!;
    expect(row).toMatchObject({
      status: 'Booked',
      can_cancel: true,
      user_id: patient.id,
      payment_method: 'stripe',
      amount: (slot.amount / 100).toFixed(2),
    });

    // The history row's date and start_time are what the call takes back; ten tries at once.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cancel(slot, patient.id, { date: row.date, start_time: row.start_time })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const ok = answers.find((a) => a.statusCode === 200)!.json();
    expect(ok).toEqual({
      status: true,
      data: { id: row.id, status: 'Cancelled by Doctor', refund: { amount: (slot.amount / 100).toFixed(2), currency: 'GBP' } },
    });
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(historyMessages.alreadyCancelled);

    const [booking] = await g.app.db.select().from(bookings).where(eq(bookings.id, row.id));
    expect(booking).toMatchObject({
      status: 'Cancelled by Doctor',
      cancelling_person: 'provider',
      cancellation_reason: 'I am unwell',
      ics_sequence: 1,
    });
    const [slotRow] = await g.app.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, slot.slotId));
    expect(slotRow!.status).toBe('withdrawn');
    const check = await g.app.inject({
      url: `/user/check-slot/${slot.providerId}/?providerRegion=uk&date=${encodeURIComponent(slot.bookedDate)}&time=${encodeURIComponent(slot.timeSlot)}`,
    });
    expect(check.json().data.available).toBe(false);

    expect(['REFUND_PENDING', 'REFUNDED']).toContain((await paymentOf(g.app, externalId)).status);
    await g.app.refunds.drain();
    await g.app.refunds.drain();
    const payment = await paymentOf(g.app, externalId);
    expect(payment.status).toBe('REFUNDED');
    const [sandbox] = await g.app.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, externalId));
    expect(sandbox!.refunded_minor).toBe(slot.amount);

    const mail = (await mailTo(g.app, patient.email)).filter((m) => m.subject.startsWith('Cancelled'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('I am unwell');
    expect(mail[0]!.text).toContain(`Refund: £${(slot.amount / 100).toFixed(2)}`);
    const confirmation = (await mailTo(g.app, patient.email)).find((m) => m.ics?.includes('METHOD:REQUEST'))!;
    const uid = /UID:(.+)\r\n/.exec(confirmation.ics!)![1];
    expect(mail[0]!.ics).toContain('METHOD:CANCEL');
    expect(mail[0]!.ics).toContain(`UID:${uid}`);
    expect(mail[0]!.ics).toContain('SEQUENCE:1');
    expect(mail[0]!.ics).toContain('STATUS:CANCELLED');

    const after = (await history(slot.providerId)).json() as HistoryResponse;
    expect(after.appointments.find((a) => a.id === row.id)).toMatchObject({
      status: 'Cancelled by Doctor',
      can_cancel: false,
      cancellation_reason: 'I am unwell',
    });
  });

  it('refunds a wallet payment through the wallet gateway', async () => {
    const { slot, patient, externalId } = await paidBooking('paypal');
    const res = await cancel(slot, patient.id, { cancellation_reason: '' });
    expect(res.statusCode, res.body).toBe(200);
    await g.app.refunds.drain();
    expect((await paymentOf(g.app, externalId)).status).toBe('REFUNDED');
    const [sandbox] = await g.app.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, externalId));
    expect(sandbox!.refunded_minor).toBe(slot.amount);
    const [booking] = await g.app.db.select().from(bookings).where(eq(bookings.slot_id, slot.slotId));
    expect(booking!.cancellation_reason).toBeNull();
    const mail = (await mailTo(g.app, patient.email)).filter((m) => m.subject.startsWith('Cancelled'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).not.toContain('Reason');
  });

  it('only the booking’s own provider may cancel; patients, staff and strangers get 403 and change nothing', async () => {
    const { slot, patient } = await paidBooking('stripe');
    const other = await newProvider(g.app, { clinics: 1 });
    const staff = { authorization: `Bearer ${await g.app.tokens.signAccess({ id: other.id, type: 'staff', role: 'superuser' })}` };
    // Another provider naming this provider's id in the path, or their own id: 403, or not found for their own.
    expect((await cancel(slot, patient.id, {}, other.auth)).statusCode).toBe(403);
    const ownPath = await g.app.inject({
      method: 'PUT',
      url: `/user/user-or-provider-appointment-cancellation/${patient.id}/${other.id}/`,
      headers: other.auth,
      payload: { providerRegion: 'uk', date: slot.bookedDate, start_time: slot.timeSlot, cancelling_person: 'provider' },
    });
    expect(ownPath.statusCode).toBe(404);
    // The patient cancels their own through the same call only as the patient (patient-cancellation.test.ts).
    expect((await cancel(slot, patient.id, { cancelling_person: 'provider' }, auth(patient))).statusCode).toBe(403);
    expect((await cancel(slot, patient.id, {}, staff)).statusCode).toBe(403);
    expect((await cancel(slot, patient.id, {}, {})).statusCode).toBe(401);
    expect((await cancel(slot, patient.id, { providerRegion: 'usa' })).statusCode).toBe(403);
    // The wrong patient in the path finds no appointment.
    expect((await cancel(slot, other.id)).statusCode).toBe(404);
    const [booking] = await g.app.db.select().from(bookings).where(eq(bookings.slot_id, slot.slotId));
    expect(booking!.status).toBe('Booked');
  });

  it('answers 409 for an appointment that has started, 400 for malformed input', async () => {
    const { slot, patient } = await paidBooking('stripe');
    expect((await cancel(slot, patient.id, { date: '31/02/2027' })).statusCode).toBe(400);
    expect((await cancel(slot, patient.id, { start_time: '25:00' })).statusCode).toBe(400);
    expect((await cancel(slot, patient.id, { cancellation_reason: 'x'.repeat(501) })).json().message).toMatch(/under 500/);
    // An appointment that started ten minutes ago.
    const p = await newProvider(g.app, { clinics: 1 });
    const patientRow = await newPatientRow(g.app);
    const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000);
    await bookSlot(g.app, await slotAt(g.app, p, at), { patientId: patientRow.id });
    const local = DateTime.fromJSDate(at, { zone: 'Europe/London' });
    const res = await g.app.inject({
      method: 'PUT',
      url: `/user/user-or-provider-appointment-cancellation/${patientRow.id}/${p.id}/`,
      headers: p.auth,
      payload: {
        providerRegion: 'uk',
        date: local.toFormat('dd/MM/yyyy'),
        start_time: local.toFormat('h:mm a'),
        cancelling_person: 'provider',
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(historyMessages.alreadyHappened);
  });
});

describe('booked history', () => {
  it('filters, sorts and pages 5 at a time; validates the filters with the screen’s texts', async () => {
    const p = await newProvider(g.app, { clinics: 1 });
    const patient = await newPatientRow(g.app, 'Hana');
    // Twelve past and future appointments over two years.
    const times = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2030 + (i % 2), i % 12, 10, 9 + (i % 3))));
    for (const [i, at] of times.entries()) {
      await bookSlot(g.app, await slotAt(g.app, p, at), {
        patientId: patient.id,
        paymentMethod: i % 3 === 0 ? 'paypal' : 'stripe',
        amountMinor: 1000 * (i + 1),
      });
    }
    const page1 = await history(p.id);
    expect(page1.statusCode, page1.body).toBe(200);
    const body = page1.json() as HistoryResponse;
    expect(body).toMatchObject({ current_page: 1, total_pages: 3 });
    expect(body.appointments).toHaveLength(5);
    expect(body.appointments[0]).toMatchObject({
      user_name: `Hana ${patient.last_name}`,
      doctor_region: 'uk',
      currency: 'GBP',
      status: 'Booked',
    });
    const starts = (r: HistoryResponse) => r.appointments.map((a) => a.date.split('/').reverse().join('') + a.start_time);
    expect(starts(body)).toEqual([...starts(body)].sort().reverse());
    const asc = (await history(p.id, '&sort=asc&page=3')).json() as HistoryResponse;
    expect(asc.appointments).toHaveLength(2);
    expect(asc.current_page).toBe(3);
    const paypal = (await history(p.id, '&payment_method=paypal')).json() as HistoryResponse;
    expect(paypal.appointments.every((a) => a.payment_method === 'paypal')).toBe(true);
    expect(paypal.appointments).toHaveLength(4);
    const march2030 = (await history(p.id, '&month=03&year=2030')).json() as HistoryResponse;
    expect(march2030.appointments.map((a) => a.date)).toEqual(['10/03/2030']);
    expect(((await history(p.id, '&year=2031')).json() as HistoryResponse).appointments.length).toBe(5);
    expect(((await history(p.id, '&year=2031&page=2')).json() as HistoryResponse).appointments.length).toBe(1);
    // Empty parameters mean absent.
    expect(((await history(p.id, '&page=&sort=&payment_method=&month=&year=')).json() as HistoryResponse).total_pages).toBe(3);

    const noYear = await history(p.id, '&month=03');
    expect(noYear.statusCode).toBe(400);
    expect(noYear.json()).toMatchObject({ message: 'Please enter a year', fields: { year: 'Please enter a year' } });
    for (const year of ['999', '10000', 'abcd']) {
      const bad = await history(p.id, `&year=${year}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Please enter a valid year');
    }
    expect((await history(p.id, '&month=13&year=2030')).json().message).toBe('Please choose a month from 01 to 12');
    expect((await history(p.id, '&payment_method=cash')).statusCode).toBe(400);
    expect((await history(p.id, '&sort=newest')).statusCode).toBe(400);
  });

  it('statuses move by themselves: Booked → Completed after the end, expired holds → Expired; No Show within 48 h', async () => {
    const p = await newProvider(g.app, { clinics: 1 });
    const patient = await newPatientRow(g.app);
    const inMinutes = (minutesFromNow: number) =>
      slotAt(g.app, p, new Date(Math.floor(Date.now() / 60_000) * 60_000 + minutesFromNow * 60_000));
    const ended = await bookSlot(g.app, await inMinutes(-120), { patientId: patient.id });
    const running = await bookSlot(g.app, await inMinutes(-10), { patientId: patient.id });
    const future = await bookSlot(g.app, await inMinutes(24 * 60), { patientId: patient.id });
    const old = await bookSlot(g.app, await inMinutes(-72 * 60), { patientId: patient.id });
    const hold = await bookSlot(g.app, await inMinutes(60 * 24 * 3), { status: 'Held', holdMinutes: -1, patientId: patient.id });

    // Read before the job runs: a past Booked already shows Completed.
    const rows = ((await history(p.id)).json() as HistoryResponse).appointments;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ended.id)).toMatchObject({ status: 'Completed', can_cancel: false, can_mark_no_show: true });
    expect(byId.get(running.id)).toMatchObject({ status: 'Booked', can_cancel: false, can_mark_no_show: true });
    expect(byId.get(future.id)).toMatchObject({ status: 'Booked', can_cancel: true, can_mark_no_show: false });
    expect(byId.get(old.id)).toMatchObject({ status: 'Completed', can_mark_no_show: false });
    expect(byId.has(hold.id)).toBe(false);

    await g.app.booking.advanceStatuses();
    const status = async (id: string) => (await g.app.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;
    expect(await status(ended.id)).toBe('Completed');
    expect(await status(old.id)).toBe('Completed');
    expect(await status(running.id)).toBe('Booked');
    expect(await status(hold.id)).toBe('Expired');

    const headers = await providerAuth(p.id);
    const mark = (id: string) =>
      g.app.inject({
        method: 'PATCH',
        url: `/provider/provider-booked-appointment-history/${p.id}/${id}/`,
        headers,
        payload: { providerRegion: 'uk', status: 'No Show' },
      });
    const ok = await mark(ended.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ id: ended.id, status: 'No Show', can_mark_no_show: false });
    expect((await mark(running.id)).json().data.status).toBe('No Show');
    expect((await mark(future.id)).json().message).toBe(historyMessages.noShowTooEarly);
    expect((await mark(old.id)).json().message).toBe(historyMessages.noShowTooLate);
    expect((await mark(hold.id)).statusCode).toBe(409);
    const stranger = await newProvider(g.app, { clinics: 1 });
    expect(
      (
        await g.app.inject({
          method: 'PATCH',
          url: `/provider/provider-booked-appointment-history/${stranger.id}/${future.id}/`,
          headers: stranger.auth,
          payload: { providerRegion: 'uk', status: 'No Show' },
        })
      ).statusCode,
    ).toBe(404);
    const refunds = await g.app.db.select().from(payments).where(eq(payments.booking_id, ended.id));
    expect(refunds).toHaveLength(0);
  });
});
