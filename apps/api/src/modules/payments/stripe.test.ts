import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, payments } from '../../db/schema/booking';
import { createTestApp, mailTo, type TestApp } from '../../test/test-app';
import {
  auth,
  bookingsOfSlot,
  freeSlot,
  newPatient,
  paymentStatus,
  requestOtp,
  startCardCheckout,
  verifiedAttempt,
} from '../booking/booking.test-helpers';
import { startFakeStripe, type FakeStripe } from './fake-gateways';

const WEBHOOK_SECRET = 'whsec_test_careslot';
const stripe = new Stripe('sk_test_signing_only');

let t: TestApp;
let fake: FakeStripe;
let n = 0;
const nextSlot = () => freeSlot(t.app, 'uk', n++);

function signedEvent(type: string, object: unknown, eventId = `evt_${Math.random().toString(36).slice(2)}`, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({ id: eventId, object: 'event', type, data: { object } });
  return { payload, header: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

async function postWebhook(payload: string, signature: string) {
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_careslot',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_careslot',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      PUBLIC_URL: 'https://careslot.example',
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('Stripe adapter (official SDK against a local fake Stripe)', () => {
  it('publishes the publishable key for the web app', async () => {
    const res = await t.app.inject({ url: '/api/payment-config' });
    expect(res.json().card).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_careslot' });
  });

  it('creates an embedded Checkout Session with the server amount and an idempotency key; webhook replay ×10 books once', async () => {
    const p = await newPatient(t.app, 'stripe-ok');
    const s = await nextSlot();
    await verifiedAttempt(t.app, p, s);
    const res = await startCardCheckout(t.app, p, s, { selectedAmount: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.gateway).toBe('stripe');
    const session = fake.sessions.get(body.sessionId)!;
    expect(body.clientSecret).toBe(session.client_secret);
    expect(session).toMatchObject({ ui_mode: 'embedded_page', amount_total: s.amount, currency: 'gbp', customer_email: p.email });
    expect(session.expires_at * 1000).toBeGreaterThanOrEqual(Date.now() + 30 * 60_000);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.external_id, body.sessionId));
    const create = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST' && r.body.includes(payment!.id))!;
    expect(create.headers['idempotency-key']).toBe(`checkout:${payment!.id}`);
    expect(decodeURIComponent(create.body)).toContain('return_url=https://careslot.example/return?session_id={CHECKOUT_SESSION_ID}');

    expect(await paymentStatus(t.app, p, body.sessionId)).toBe('PENDING');
    const completed = fake.complete(body.sessionId);
    const event = signedEvent('checkout.session.completed', completed, 'evt_completed_1');
    const replies = [];
    for (let i = 0; i < 10; i++) replies.push(await postWebhook(event.payload, event.header));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));

    const booked = (await bookingsOfSlot(t.app, s.slotId)).filter((b) => b.status === 'Booked');
    expect(booked).toHaveLength(1);
    const confirmations = (await mailTo(t.app, p.email)).filter((m) => m.subject.startsWith('Booking confirmed'));
    expect(confirmations).toHaveLength(1);
    const status = await t.app.inject({ url: `/user/stripe-checkout-session-status?session_id=${body.sessionId}`, headers: auth(p) });
    expect(status.json()).toEqual({ status: 'complete', customer_email: p.email });
  });

  it('ignores a forged signature: nothing changes', async () => {
    const p = await newPatient(t.app, 'stripe-forged');
    const s = await nextSlot();
    await verifiedAttempt(t.app, p, s);
    const { sessionId } = (await startCardCheckout(t.app, p, s)).json();
    const session = fake.sessions.get(sessionId)!;
    const forged = signedEvent(
      'checkout.session.completed',
      { ...session, status: 'complete', payment_status: 'paid' },
      'evt_forged',
      'whsec_wrong',
    );
    const res = await postWebhook(forged.payload, forged.header);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid Stripe signature.');
    expect((await postWebhook(forged.payload, '')).statusCode).toBe(400);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.external_id, sessionId));
    expect(payment!.status).toBe('PENDING');
    expect((await bookingsOfSlot(t.app, s.slotId))[0]!.status).toBe('Held');
  });

  it('releases the hold when the session expires', async () => {
    const p = await newPatient(t.app, 'stripe-expired');
    const s = await nextSlot();
    await verifiedAttempt(t.app, p, s);
    const { sessionId } = (await startCardCheckout(t.app, p, s)).json();
    const event = signedEvent('checkout.session.expired', fake.expire(sessionId));
    expect((await postWebhook(event.payload, event.header)).statusCode).toBe(200);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.external_id, sessionId));
    expect(payment!.status).toBe('FAILED');
    expect((await bookingsOfSlot(t.app, s.slotId))[0]!.status).toBe('Expired');
    // The slot is free for the next patient.
    const q = await newPatient(t.app, 'stripe-next');
    expect((await requestOtp(t.app, q, s)).statusCode).toBe(200);
  });

  it('refunds through the Stripe API when the slot was lost before the payment arrived', async () => {
    const a = await newPatient(t.app, 'stripe-lost-a');
    const b = await newPatient(t.app, 'stripe-lost-b');
    const s = await nextSlot();
    await verifiedAttempt(t.app, a, s);
    const { sessionId } = (await startCardCheckout(t.app, a, s)).json();
    await t.app.db
      .update(bookings)
      .set({ hold_expires_at: new Date(Date.now() - 1000) })
      .where(eq(bookings.slot_id, s.slotId));
    expect((await requestOtp(t.app, b, s)).statusCode).toBe(200);
    const completed = fake.complete(sessionId);
    const event = signedEvent('checkout.session.completed', completed);
    expect((await postWebhook(event.payload, event.header)).statusCode).toBe(200);
    await t.app.refunds.drain();
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.external_id, sessionId));
    expect(payment!.status).toBe('REFUNDED');
    const refund = fake.refunds.find((r) => r.payment_intent === completed.payment_intent)!;
    expect(refund).toMatchObject({ amount: s.amount, idempotencyKey: `refund:${payment!.id}` });
    expect(payment!.refund_id).toBe(refund.id);
    expect((await mailTo(t.app, a.email)).some((m) => m.subject === 'Refund: your slot was no longer available')).toBe(true);
  });
});
