import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages } from '@careslot/contracts/booking';
import { bookings, otpCodes, payments, sandboxPayments } from '../../db/schema/booking';
import { mailTo } from '../../test/test-app';
import { cancellationMail } from './cancellation-mail';
import { loadSlotContext } from './booking.repository';
import {
  attemptOf,
  auth,
  bookingsOfSlot,
  checkOtp,
  checkoutBody,
  demoPatient,
  loseSlotTo,
  newPatient,
  otpFromMail,
  paymentOf,
  paymentStatus,
  payWithCard,
  rawMailTo,
  requestOtp,
  startCardCheckout,
  startWalletOrder,
  useBookingApp,
  verifiedAttempt,
  verifyPayment,
  type TestPatient,
} from './booking.test-helpers';

const g = useBookingApp();
/** A different free slot for each test. */
const nextSlot = g.nextSlot;

describe('one-time code (docs/booking.md)', () => {
  it('holds the slot, e-mails a 6-digit code to the masked address and verifies it', async () => {
    const p = await newPatient(g.app, 'otp-ok');
    const s = await nextSlot();
    const res = await requestOtp(g.app, p, s);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, data: { email: 'paxxxxxxxxxxxx@example.com', sent: true } });
    expect(new Date(res.json().data.holdExpiresAt).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    // The checkout counts down to this before "Send a new code" works again: the 30 s pause from now.
    const pause = new Date(res.json().data.resendAvailableAt).getTime() - Date.now();
    expect(pause).toBeGreaterThan(20_000);
    expect(pause).toBeLessThanOrEqual(30_000);
    const [held] = await bookingsOfSlot(g.app, s.slotId);
    expect(held).toMatchObject({ status: 'Held', patient_id: p.id });

    const code = await otpFromMail(g.app, p.email);
    expect(code).toMatch(/^\d{6}$/);
    // Stored hashed, never in clear.
    const [row] = await g.app.db.select().from(otpCodes).where(eq(otpCodes.patient_id, p.id));
    expect(row!.code_hash).not.toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await checkOtp(g.app, p, wrong)).json()).toEqual({ status: false, message: bookingMessages.invalidOtp, reason: 'invalid' });
    expect((await checkOtp(g.app, p, '12345')).json()).toEqual({ status: false, message: bookingMessages.invalidOtp, reason: 'invalid' });
    expect((await checkOtp(g.app, p, code)).json()).toEqual({ status: true });
  });

  it('re-uses the code within the resend cooldown instead of mailing another, and says so', async () => {
    const p = await newPatient(g.app, 'otp-cool');
    const s = await nextSlot();
    const first = (await requestOtp(g.app, p, s)).json().data;
    const again = await requestOtp(g.app, p, s);
    expect(again.statusCode).toBe(200);
    // No new code: the answer says so, and when the pause that began with the first code ends.
    expect(again.json().data).toMatchObject({ sent: false, resendAvailableAt: first.resendAvailableAt });
    const codes = (await mailTo(g.app, p.email)).filter((m) => /verification code/.test(m.subject));
    expect(codes).toHaveLength(1);

    // After the pause, asking again sends a new code.
    await g.app.db
      .update(otpCodes)
      .set({ createdAt: new Date(Date.now() - 31_000) })
      .where(eq(otpCodes.patient_id, p.id));
    const later = (await requestOtp(g.app, p, s)).json().data;
    expect(later.sent).toBe(true);
    expect(new Date(later.resendAvailableAt).getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect((await mailTo(g.app, p.email)).filter((m) => /verification code/.test(m.subject))).toHaveLength(2);
  });

  it('refuses an expired code', async () => {
    const p = await newPatient(g.app, 'otp-exp');
    const s = await nextSlot();
    await requestOtp(g.app, p, s);
    const code = await otpFromMail(g.app, p.email);
    await g.app.db
      .update(otpCodes)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.patient_id, p.id));
    expect((await checkOtp(g.app, p, code)).json()).toEqual({ status: false, message: bookingMessages.otpExpired, reason: 'expired' });
    expect((await startCardCheckout(g.app, p, s)).statusCode).toBe(403);
  });

  it('locks a code after 5 wrong tries, even for the right code', async () => {
    const p = await newPatient(g.app, 'otp-lock');
    const s = await nextSlot();
    await requestOtp(g.app, p, s);
    const code = await otpFromMail(g.app, p.email);
    const wrong = code === '999999' ? '888888' : '999999';
    const tries = await Promise.all(Array.from({ length: 5 }, () => checkOtp(g.app, p, wrong)));
    expect(tries.every((r) => r.json().status === false)).toBe(true);
    const last = (await checkOtp(g.app, p, code)).json();
    expect(last).toEqual({ status: false, message: 'Too many wrong codes. Please request a new one.', reason: 'locked' });

    // A locked code is replaced at once, within the resend pause too, and the new code works.
    const before = (await mailTo(g.app, p.email)).length;
    const again = (await requestOtp(g.app, p, s)).json().data;
    expect(again.sent).toBe(true);
    expect((await mailTo(g.app, p.email)).length).toBe(before + 1);
    const fresh = await otpFromMail(g.app, p.email);
    expect((await checkOtp(g.app, p, fresh)).json()).toEqual({ status: true });
  });

  it('uses a code up with the booking it confirms', async () => {
    const p = await newPatient(g.app, 'otp-reuse');
    const s = await nextSlot();
    await requestOtp(g.app, p, s);
    const code = await otpFromMail(g.app, p.email);
    expect((await checkOtp(g.app, p, code)).json().status).toBe(true);
    const checkout = await startCardCheckout(g.app, p, s);
    expect((await payWithCard(g.app, checkout.json().sessionId)).statusCode).toBe(200);
    expect((await checkOtp(g.app, p, code)).json().status).toBe(false);
    // A second booking needs a new code.
    const other = await nextSlot();
    expect((await startCardCheckout(g.app, p, other)).statusCode).toBe(403);
  });

  it('only lets patients act for themselves', async () => {
    const p = await newPatient(g.app, 'self-a');
    const q = await newPatient(g.app, 'self-b');
    const s = await nextSlot();
    const asOther = await g.app.inject({
      method: 'POST',
      url: `/user/user-otp-verification/${q.id}/`,
      headers: auth(p),
      payload: attemptOf(s),
    });
    expect(asOther.statusCode).toBe(403);
    const anonymous = await g.app.inject({ method: 'POST', url: `/user/user-otp-verification/${p.id}/`, payload: attemptOf(s) });
    expect(anonymous.statusCode).toBe(401);
    const provider = await g.app.tokens.signAccess({ id: p.id, type: 'provider' });
    const asProvider = await g.app.inject({
      method: 'POST',
      url: `/user/stripe-checkout/${p.id}/`,
      headers: { authorization: `Bearer ${provider}` },
      payload: checkoutBody(s),
    });
    expect(asProvider.statusCode).toBe(403);
  });

  it('answers 404 for a slot that does not exist and 400 for malformed attempts', async () => {
    const p = await newPatient(g.app, 'bad-attempt');
    const s = await nextSlot();
    const noSlot = await requestOtp(g.app, p, { ...s, timeSlot: '3:17 AM' });
    expect(noSlot.statusCode).toBe(404);
    const badDate = await requestOtp(g.app, p, { ...s, bookedDate: '31/02/2027' });
    expect(badDate.statusCode).toBe(400);
    const badTime = await requestOtp(g.app, p, { ...s, timeSlot: '25:00' });
    expect(badTime.statusCode).toBe(400);
  });
});

describe('card payment through the sandbox gateway', () => {
  let p: TestPatient;
  beforeAll(async () => {
    p = await demoPatient(g.app);
  });

  it('books and pays end to end with 4242…, with confirmation e-mail and .ics', async () => {
    const s = await nextSlot();
    await verifiedAttempt(g.app, p, s);
    const res = await startCardCheckout(g.app, p, s);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ gateway: 'sandbox', amount: s.amount, currency: 'GBP' });
    expect(body.clientSecret).toMatch(new RegExp(`^${body.sessionId}_secret_[A-Za-z0-9_-]+$`));

    const open = await g.app.inject({ url: `/user/stripe-checkout-session-status?session_id=${body.sessionId}`, headers: auth(p) });
    expect(open.json()).toEqual({ status: 'open', customer_email: p.email });
    expect(await paymentStatus(g.app, p, body.sessionId)).toBe('PENDING');

    const pay = await payWithCard(g.app, body.sessionId);
    expect(pay.json()).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(await paymentStatus(g.app, p, body.sessionId)).toBe('COMPLETED');
    const done = await g.app.inject({ url: `/user/stripe-checkout-session-status?session_id=${body.sessionId}`, headers: auth(p) });
    expect(done.json()).toEqual({ status: 'complete', customer_email: p.email });

    const [booking] = await bookingsOfSlot(g.app, s.slotId);
    expect(booking).toMatchObject({ status: 'Booked', patient_id: p.id, amount_minor: s.amount, hold_expires_at: null });

    const mails = (await mailTo(g.app, p.email)).filter((m) => m.subject.startsWith('Booking confirmed'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Amount paid: £');
    expect(mails[0]!.text).toMatch(/Hospital: .+, .+/);
    const raw = (await rawMailTo(g.app, p.email)).find((r) => r.includes('Booking confirmed'))!;
    expect(raw.match(/BEGIN:VCALENDAR/g)).toHaveLength(1);
    expect(raw).toContain('method=REQUEST');
    expect(raw).toContain(`UID:${booking!.ics_uid}`);

    // A later cancellation sends METHOD:CANCEL with the same UID and a higher SEQUENCE.
    const ctx = (await loadSlotContext(g.app.db, s.slotId))!;
    const cancel = cancellationMail(
      ctx,
      booking!,
      {
        patient: { first_name: 'Alex', last_name: 'Morgan', email: p.email },
        from: 'CareSlot <no-reply@careslot.example>',
        publicUrl: 'http://x',
      },
      { cancelledBy: 'provider', reason: 'Clinic closed' },
    );
    const ics = cancel.ics!.content.replace(/\r\n /g, '');
    expect(cancel.ics!.method).toBe('CANCEL');
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain(`UID:${booking!.ics_uid}`);
    expect(ics).toContain(`SEQUENCE:${booking!.ics_sequence + 1}`);
    expect(cancel.text).toContain('Reason: Clinic closed');
  });

  it('charges the follow-up fee for a returning patient, in USD for usa', async () => {
    const q = await newPatient(g.app, 'usa');
    const s = await nextSlot('usa');
    await verifiedAttempt(g.app, q, s);
    const res = await startCardCheckout(g.app, q, s, { type_of_visit: 'follow_up', selectedAmount: 1 });
    expect(res.json()).toMatchObject({ amount: s.followAmount, currency: 'USD' });
  });

  it('refuses a checkout without a verified OTP', async () => {
    const q = await newPatient(g.app, 'no-otp');
    const s = await nextSlot();
    await requestOtp(g.app, q, s);
    const res = await startCardCheckout(g.app, q, s);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Please verify the code we e-mailed you before paying.');
  });

  it('explains a too-short purpose (docs/booking.md)', async () => {
    const q = await newPatient(g.app, 'purpose');
    const s = await nextSlot();
    await verifiedAttempt(g.app, q, s);
    const short = await startCardCheckout(g.app, q, s, { purpose_for_visit: '  headache ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(bookingMessages.purposeTooShort);
    const digits = await startCardCheckout(g.app, q, s, { purpose_for_visit: '1234' });
    expect(digits.json().message).toBe(bookingMessages.purposeInvalid);
  });

  it('keeps the session open after a declined card and an insufficient-funds card', async () => {
    const q = await newPatient(g.app, 'declined');
    const s = await nextSlot();
    await verifiedAttempt(g.app, q, s);
    const { sessionId } = (await startCardCheckout(g.app, q, s)).json();
    const declined = await payWithCard(g.app, sessionId, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Your card was declined.');
    const funds = await payWithCard(g.app, sessionId, '4000000000009995');
    expect(funds.statusCode).toBe(402);
    expect(funds.json().message).toBe('Your card has insufficient funds.');
    const invalid = await payWithCard(g.app, sessionId, '4242 4242 4242 4241');
    expect(invalid.statusCode).toBe(400);
    expect(await paymentStatus(g.app, q, sessionId)).toBe('PENDING');
    const [held] = await bookingsOfSlot(g.app, s.slotId);
    expect(held!.status).toBe('Held');
  });

  it('answers 409 with the product text when another patient holds the slot', async () => {
    const a = await newPatient(g.app, 'taken-a');
    const b = await newPatient(g.app, 'taken-b');
    const s = await nextSlot();
    expect((await requestOtp(g.app, a, s)).statusCode).toBe(200);
    const res = await requestOtp(g.app, b, s);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(bookingMessages.slotTaken);
  });

  it('frees a slot whose hold expired', async () => {
    const a = await newPatient(g.app, 'expire-a');
    const b = await newPatient(g.app, 'expire-b');
    const s = await nextSlot();
    await requestOtp(g.app, a, s);
    await loseSlotTo(g.app, s, b);
    const rows = await bookingsOfSlot(g.app, s.slotId);
    expect(rows.map((r) => r.status).sort()).toEqual(['Expired', 'Held']);
  });

  it('gives exactly one hold to sequential attempts by 20 patients', async () => {
    const s = await nextSlot();
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const q = await newPatient(g.app, `seq-${i}`);
      codes.push((await requestOtp(g.app, q, s)).statusCode);
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
  });

  it('refunds a payment that arrives after the slot was lost, and tells the patient', async () => {
    const a = await newPatient(g.app, 'lost-a');
    const b = await newPatient(g.app, 'lost-b');
    const s = await nextSlot();
    await verifiedAttempt(g.app, a, s);
    const { sessionId } = (await startCardCheckout(g.app, a, s)).json();
    // A's hold runs out and B takes the slot before A's payment arrives.
    await loseSlotTo(g.app, s, b);
    expect((await payWithCard(g.app, sessionId)).statusCode).toBe(200);

    expect(await paymentStatus(g.app, a, sessionId)).toBe('FAILED');
    const verify = await verifyPayment(g.app, a, sessionId, { paymentMethod: 'stripe' });
    expect(verify.json().data).toEqual({ success: false, status: 'FAILED', message: bookingMessages.slotTaken });
    await g.app.refunds.drain();
    expect(await paymentOf(g.app, sessionId)).toMatchObject({ status: 'REFUNDED' });
    const [sandboxRow] = await g.app.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, sessionId));
    expect(sandboxRow!.refunded_minor).toBe(s.amount);
    expect((await mailTo(g.app, a.email)).some((m) => m.subject === 'Refund: your slot was no longer available')).toBe(true);
    const active = (await bookingsOfSlot(g.app, s.slotId)).filter((r) => r.status === 'Held' || r.status === 'Booked');
    expect(active).toHaveLength(1);
    expect(active[0]!.patient_id).toBe(b.id);
  });

  it('never charges twice for one booking: a second paid session is refunded', async () => {
    const q = await newPatient(g.app, 'double');
    const s = await nextSlot();
    await verifiedAttempt(g.app, q, s);
    const first = (await startCardCheckout(g.app, q, s)).json();
    const second = (await startCardCheckout(g.app, q, s)).json();
    expect(first.sessionId).not.toBe(second.sessionId);
    await payWithCard(g.app, first.sessionId);
    await payWithCard(g.app, second.sessionId);
    expect(await paymentStatus(g.app, q, first.sessionId)).toBe('COMPLETED');
    expect(await paymentStatus(g.app, q, second.sessionId)).toBe('FAILED');
    await g.app.refunds.drain();
    const rows = await g.app.db
      .select()
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.booking_id))
      .where(eq(bookings.slot_id, s.slotId));
    expect(rows.map((r) => r.payments.status).sort()).toEqual(['COMPLETED', 'REFUNDED']);
  });

  it('treats verify calls and repeated events as no-ops once settled (replay ×10 → one booking, one e-mail)', async () => {
    const q = await newPatient(g.app, 'replay');
    const s = await nextSlot();
    await verifiedAttempt(g.app, q, s);
    const { sessionId } = (await startCardCheckout(g.app, q, s)).json();
    await g.app.payments.gateways.sandbox.payCheckoutSession(sessionId, '4242424242424242');
    const event = { gateway: 'sandbox' as const, eventId: 'evt_replay_1', type: 'checkout.completed' as const, externalId: sessionId };
    await Promise.all(Array.from({ length: 10 }, () => g.app.payments.receiveEvent(event)));
    const verifies = await Promise.all(Array.from({ length: 10 }, () => verifyPayment(g.app, q, sessionId)));
    expect(verifies.every((v) => v.json().data.success === true)).toBe(true);
    const booked = (await bookingsOfSlot(g.app, s.slotId)).filter((r) => r.status === 'Booked');
    expect(booked).toHaveLength(1);
    const confirmations = (await mailTo(g.app, q.email)).filter((m) => m.subject.startsWith('Booking confirmed'));
    expect(confirmations).toHaveLength(1);
  });
});

describe('wallet payment through the sandbox gateway', () => {
  it('creates the order with the server amount, captures on verify and confirms', async () => {
    const q = await newPatient(g.app, 'wallet');
    const s = await nextSlot();
    await verifiedAttempt(g.app, q, s);
    const res = await startWalletOrder(g.app, q, s, { type_of_visit: 'follow_up' });
    expect(res.statusCode).toBe(200);
    const { orderID, amount, currency } = res.json();
    expect({ amount, currency }).toEqual({ amount: s.followAmount, currency: 'GBP' });
    const order = await g.app.inject({ url: `/sandbox/paypal/orders/${orderID}` });
    expect(order.json()).toMatchObject({ status: 'CREATED', amount: s.followAmount });

    // Verifying before approval changes nothing.
    const early = await verifyPayment(g.app, q, orderID);
    expect(early.json().data).toMatchObject({ success: false, status: 'PENDING' });

    const approved = await g.app.inject({ method: 'POST', url: `/sandbox/paypal/orders/${orderID}/approve` });
    expect(approved.json(), approved.body).toMatchObject({ status: 'APPROVED' });
    const verify = await verifyPayment(
      g.app,
      q,
      orderID,
      { paymentMethod: 'paypal', selectedAmount: '0.01', isOldPatient: true, bookingDetails: { date: s.bookedDate } },
      '?providerRegion=uk',
    );
    expect(verify.json()).toEqual({ data: { success: true, status: 'COMPLETED' } });
    expect(await paymentStatus(g.app, q, orderID)).toBe('COMPLETED');
    const [booking] = (await bookingsOfSlot(g.app, s.slotId)).filter((b) => b.status === 'Booked');
    expect(booking).toMatchObject({ payment_method: 'paypal', type_of_visit: 'follow_up', amount_minor: s.followAmount });
  });

  it('reports a cancelled wallet payment as FAILED and keeps the hold', async () => {
    const q = await newPatient(g.app, 'wallet-cancel');
    const s = await nextSlot();
    await verifiedAttempt(g.app, q, s);
    const { orderID } = (await startWalletOrder(g.app, q, s)).json();
    expect((await g.app.inject({ method: 'POST', url: `/sandbox/paypal/orders/${orderID}/cancel` })).json().status).toBe('CANCELLED');
    expect(await paymentStatus(g.app, q, orderID)).toBe('FAILED');
    const [held] = await bookingsOfSlot(g.app, s.slotId);
    expect(held!.status).toBe('Held');
  });

  it("refuses to verify someone else's payment", async () => {
    const q = await newPatient(g.app, 'wallet-owner');
    const r = await newPatient(g.app, 'wallet-thief');
    const s = await nextSlot();
    await verifiedAttempt(g.app, q, s);
    const { orderID } = (await startWalletOrder(g.app, q, s)).json();
    const asOther = await verifyPayment(g.app, r, orderID);
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json().message).toBe(bookingMessages.verificationFailed);
    const spoofed = await verifyPayment(g.app, r, orderID, { user_id: q.id });
    expect(spoofed.statusCode).toBe(403);
    const status = await g.app.inject({ url: `/user/check-payment-status/${orderID}/`, headers: auth(r) });
    expect(status.statusCode).toBe(404);
    const rows = await g.app.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.slot_id, s.slotId), eq(bookings.status, 'Booked')));
    expect(rows).toHaveLength(0);
  });
});

describe('payment configuration', () => {
  it('says the sandbox takes both methods when no keys are set', async () => {
    const res = await g.app.inject({ url: '/api/payment-config' });
    expect(res.json()).toEqual({
      card: { gateway: 'sandbox', publishableKey: null },
      wallet: { gateway: 'sandbox', clientId: null },
      holdMinutes: 30,
    });
  });

  it('documents every booking and sandbox call in OpenAPI', async () => {
    const doc = (await g.app.inject({ url: '/api/docs/json' })).json();
    for (const path of [
      '/user/user-otp-verification/{userId}/',
      '/user/stripe-checkout/{userId}/',
      '/user/paypal-order/{userId}/',
      '/user/verify-payment/',
      '/user/check-payment-status/{orderId}/',
      '/user/stripe-checkout-session-status',
      '/sandbox/stripe/checkout-sessions/{id}/pay',
      '/sandbox/paypal/orders/{id}/approve',
      '/sandbox/paypal/orders/{id}/cancel',
      '/webhooks/stripe',
      '/webhooks/paypal',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
