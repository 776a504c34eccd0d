/** The patient's cancellation: the cut-off policy, refund and e-mails exactly once, and the signed e-mail link. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { afterBookingMessages } from '@careslot/contracts/after-booking';
import type { UserAppointmentsResponse } from '@careslot/contracts/patients';
import { availabilitySlots, bookings, sandboxPayments } from '../../db/schema/booking';
import { providers } from '../../db/schema/providers';
import { mailTo } from '../../test/test-app';
import { signBookingLink } from './booking-link';
import {
  auth,
  newPatient,
  paidByCard,
  paymentOf,
  requestOtp,
  useBookingApp,
  type SlotPick,
  type TestPatient,
} from './booking.test-helpers';

const g = useBookingApp();

async function paidBooking(): Promise<{ slot: SlotPick; patient: TestPatient; externalId: string }> {
  const slot = await g.nextSlot('uk');
  const patient = await newPatient(g.app);
  return { slot, patient, externalId: await paidByCard(g.app, patient, slot) };
}

async function upcoming(patient: TestPatient) {
  const res = await g.app.inject({ url: `/user/user-appointments/${patient.id}/`, headers: auth(patient) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as UserAppointmentsResponse).upcoming;
}

const cancel = (
  slot: SlotPick,
  patient: TestPatient,
  row: { date: string; start_time: string },
  body: Record<string, unknown> = {},
  headers?: Record<string, string>,
) =>
  g.app.inject({
    method: 'PUT',
    url: `/user/user-or-provider-appointment-cancellation/${patient.id}/${slot.providerId}/`,
    headers: headers ?? auth(patient),
    payload: { providerRegion: 'uk', date: row.date, start_time: row.start_time, cancelling_person: 'patient', ...body },
  });

async function giveProviderEmail(providerId: string): Promise<string> {
  const email = `dr-${providerId.slice(0, 8)}@example.com`;
  await g.app.db.update(providers).set({ email }).where(eq(providers.id, providerId));
  return email;
}

describe('patient cancellation', () => {
  it('before the cut-off: refunds once, reopens the slot, e-mails the patient and the provider once, however often it is retried', async () => {
    const { slot, patient, externalId } = await paidBooking();
    const providerEmail = await giveProviderEmail(slot.providerId);
    const [row] = (await upcoming(patient)).filter((a) => a.date === slot.bookedDate && a.start_time === slot.timeSlot);
    expect(row!.cancellation).toMatchObject({
      refundable: true,
      cutoff_hours: 24,
      refund_amount: (slot.amount / 100).toFixed(2),
      currency: 'GBP',
    });

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cancel(slot, patient, row!, { cancellation_reason: 'Feeling better', expected_refund: 'refund' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    for (const a of answers) {
      expect(a.json()).toEqual({
        status: true,
        data: { id: row!.id, status: 'Cancelled by Patient', refund: { amount: (slot.amount / 100).toFixed(2), currency: 'GBP' } },
      });
    }
    const [booking] = await g.app.db.select().from(bookings).where(eq(bookings.id, row!.id));
    expect(booking).toMatchObject({
      status: 'Cancelled by Patient',
      cancelling_person: 'patient',
      cancellation_reason: 'Feeling better',
      ics_sequence: 1,
    });
    const [slotRow] = await g.app.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, slot.slotId));
    expect(slotRow!.status).toBe('open');
    // Reopened: another patient can hold it at once.
    expect((await requestOtp(g.app, await newPatient(g.app), slot)).statusCode).toBe(200);

    await g.app.refunds.drain();
    await g.app.refunds.drain();
    expect((await paymentOf(g.app, externalId)).status).toBe('REFUNDED');
    const [sandbox] = await g.app.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, externalId));
    expect(sandbox!.refunded_minor).toBe(slot.amount);

    const all = await mailTo(g.app, patient.email);
    const mail = all.filter((m) => m.subject.startsWith('Cancelled'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('cancelled as you asked');
    expect(mail[0]!.text).toContain(`Refund: £${(slot.amount / 100).toFixed(2)}`);
    const uid = /UID:(.+)\r\n/.exec(all.find((m) => m.ics?.includes('METHOD:REQUEST'))!.ics!)![1];
    expect(mail[0]!.ics).toContain('METHOD:CANCEL');
    expect(mail[0]!.ics).toContain(`UID:${uid}`);
    expect(mail[0]!.ics).toContain('SEQUENCE:1');
    const toProvider = (await mailTo(g.app, providerEmail)).filter((m) => m.subject.startsWith('Cancelled by the patient'));
    expect(toProvider).toHaveLength(1);
    expect(toProvider[0]!.text).toContain('Feeling better');

    expect((await upcoming(patient)).find((a) => a.id === row!.id)).toBeUndefined();
  });

  it('after the cut-off: the fee is kept, no refund is queued and the e-mail says so; the screen must have shown it', async () => {
    const { slot, patient, externalId } = await paidBooking();
    // The provider's cut-off is longer than the time left: the free period has ended.
    await g.app.db
      .update(providers)
      .set({ cancellation_cutoff_hours: 24 * 400 })
      .where(eq(providers.id, slot.providerId));
    const [row] = (await upcoming(patient)).filter((a) => a.date === slot.bookedDate && a.start_time === slot.timeSlot);
    expect(row!.cancellation).toMatchObject({ refundable: false, refund_amount: '0.00' });

    const stale = await cancel(slot, patient, row!, { expected_refund: 'refund' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(afterBookingMessages.termsChanged);
    expect((await paymentOf(g.app, externalId)).status).toBe('COMPLETED');

    const res = await cancel(slot, patient, row!, { expected_refund: 'no_refund' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: row!.id, status: 'Cancelled by Patient', refund: null });
    await g.app.refunds.drain();
    expect((await paymentOf(g.app, externalId)).status).toBe('COMPLETED');
    const mail = (await mailTo(g.app, patient.email)).filter((m) => m.subject.startsWith('Cancelled'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('Refund: None: the free cancellation period had ended, so the fee is kept');
    await g.app.db.update(providers).set({ cancellation_cutoff_hours: 24 }).where(eq(providers.id, slot.providerId));
  });

  it('only the patient themself, with cancelling_person patient; others get 401/403/404, bad input 400, and nothing changes', async () => {
    const { slot, patient } = await paidBooking();
    const [row] = (await upcoming(patient)).filter((a) => a.date === slot.bookedDate);
    const other = await newPatient(g.app);
    expect((await cancel(slot, patient, row!, {}, auth(other))).statusCode).toBe(403);
    expect((await cancel(slot, other, row!)).statusCode).toBe(404);
    expect((await cancel(slot, patient, row!, { cancelling_person: 'provider' })).statusCode).toBe(403);
    const staff = { authorization: `Bearer ${await g.app.tokens.signAccess({ id: patient.id, type: 'staff', role: 'superuser' })}` };
    expect((await cancel(slot, patient, row!, {}, staff)).statusCode).toBe(403);
    expect((await cancel(slot, patient, row!, {}, {})).statusCode).toBe(401);
    expect((await cancel(slot, patient, row!, { date: '31/02/2027' })).statusCode).toBe(400);
    expect((await cancel(slot, patient, row!, { expected_refund: 'maybe' })).statusCode).toBe(400);
    const [booking] = await g.app.db.select().from(bookings).where(eq(bookings.id, row!.id));
    expect(booking!.status).toBe('Booked');
  });
});

describe('cancel link in e-mails', () => {
  it('the confirmation carries a signed link that shows the booking and cancels it without a password, once', async () => {
    const { slot, patient } = await paidBooking();
    const confirmation = (await mailTo(g.app, patient.email)).find((m) => m.subject.startsWith('Booking confirmed'))!;
    const link = /(http\S+\/cancel-appointment\?token=(\S+))/.exec(confirmation.text)!;
    const token = decodeURIComponent(link[2]!);

    const shown = await g.app.inject({ url: `/user/appointment-link/?token=${encodeURIComponent(token)}` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toMatchObject({
      purpose: 'cancel',
      user_id: patient.id,
      date: slot.bookedDate,
      start_time: slot.timeSlot,
      status: 'Booked',
      policy: { refundable: true, refund_amount: (slot.amount / 100).toFixed(2) },
    });

    const put = () => g.app.inject({ method: 'PUT', url: '/user/appointment-link/cancel/', payload: { token, expected_refund: 'refund' } });
    const [a, b] = await Promise.all([put(), put()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.status).toBe('Cancelled by Patient');
    expect((await mailTo(g.app, patient.email)).filter((m) => m.subject.startsWith('Cancelled'))).toHaveLength(1);
  });

  it('refuses tampered, foreign-purpose and expired links with a sentence', async () => {
    const { patient } = await paidBooking();
    const [row] = await upcoming(patient);
    const config = g.app.config;
    const good = signBookingLink(config, 'cancel', row!.id, new Date(Date.now() + 3600_000));
    const [payload, mac] = good.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ p: 'cancel', b: crypto.randomUUID(), e: 9999999999 })).toString('base64url');
    const expired = signBookingLink(config, 'cancel', row!.id, new Date(Date.now() - 1000));
    const show = (t: string) => g.app.inject({ url: `/user/appointment-link/?token=${encodeURIComponent(t)}` });
    expect((await show(good)).statusCode).toBe(200);
    for (const bad of [`${otherPayload}.${mac}`, `${payload}.${mac!.slice(0, -2)}AA`, `${payload}.${mac}.x`, 'not-a-token-at-all']) {
      const res = await show(bad);
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await show(`${otherPayload}.${mac}`)).json().message).toBe(afterBookingMessages.linkInvalid);
    const old = await show(expired);
    expect(old.statusCode).toBe(403);
    expect(old.json().message).toBe(afterBookingMessages.linkExpired);
    // A session token is no link, and a link is no session.
    expect((await show(patient.token)).statusCode).toBe(403);
    const cancelled = await g.app.inject({ method: 'PUT', url: '/user/appointment-link/cancel/', payload: { token: expired } });
    expect(cancelled.statusCode).toBe(403);
    const [booking] = await g.app.db.select().from(bookings).where(eq(bookings.id, row!.id));
    expect(booking!.status).toBe('Booked');
  });
});
