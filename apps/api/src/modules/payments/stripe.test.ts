import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { mailTo } from '../../test/test-app';
import {
  auth,
  bookingsOfSlot,
  loseSlotTo,
  newPatient,
  paymentOf,
  paymentStatus,
  requestOtp,
  startCardCheckout,
  useBookingApp,
  verifiedAttempt,
} from '../booking/booking.test-helpers';
import { startFakeStripe } from './fake-gateways';

const WEBHOOK_SECRET = 'whsec_test_careslot';
const stripe = new Stripe('sk_test_signing_only');

const g = useBookingApp({
  fake: startFakeStripe,
  env: (fake) => ({
    STRIPE_SECRET_KEY: 'sk_test_careslot',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_careslot',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    PUBLIC_URL: 'https://careslot.example',
  }),
});

function signedEvent(type: string, object: unknown, eventId = `evt_${Math.random().toString(36).slice(2)}`, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({ id: eventId, object: 'event', type, data: { object } });
  return { payload, header: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

async function postWebhook(payload: string, signature: string) {
  return g.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

describe('Stripe adapter (official SDK against a local fake Stripe)', () => {
  it('publishes the publishable key for the web app', async () => {
    const res = await g.app.inject({ url: '/api/payment-config' });
    expect(res.json().card).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_careslot' });
  });

  it('creates an embedded Checkout Session with the server amount and an idempotency key; webhook replay ×10 books once', async () => {
    const p = await newPatient(g.app, 'stripe-ok');
    const s = await g.nextSlot();
    await verifiedAttempt(g.app, p, s);
    const res = await startCardCheckout(g.app, p, s, { selectedAmount: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.gateway).toBe('stripe');
    const session = g.fake.sessions.get(body.sessionId)!;
    expect(body.clientSecret).toBe(session.client_secret);
    expect(session).toMatchObject({ ui_mode: 'embedded_page', amount_total: s.amount, currency: 'gbp', customer_email: p.email });
    expect(session.expires_at * 1000).toBeGreaterThanOrEqual(Date.now() + 30 * 60_000);
    const payment = await paymentOf(g.app, body.sessionId);
    const create = g.fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST' && r.body.includes(payment.id))!;
    expect(create.headers['idempotency-key']).toBe(`checkout:${payment.id}`);
    expect(decodeURIComponent(create.body)).toContain('return_url=https://careslot.example/return?session_id={CHECKOUT_SESSION_ID}');

    expect(await paymentStatus(g.app, p, body.sessionId)).toBe('PENDING');
    const completed = g.fake.complete(body.sessionId);
    const event = signedEvent('checkout.session.completed', completed, 'evt_completed_1');
    const replies = [];
    for (let i = 0; i < 10; i++) replies.push(await postWebhook(event.payload, event.header));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));

    const booked = (await bookingsOfSlot(g.app, s.slotId)).filter((b) => b.status === 'Booked');
    expect(booked).toHaveLength(1);
    const confirmations = (await mailTo(g.app, p.email)).filter((m) => m.subject.startsWith('Booking confirmed'));
    expect(confirmations).toHaveLength(1);
    const status = await g.app.inject({ url: `/user/stripe-checkout-session-status?session_id=${body.sessionId}`, headers: auth(p) });
    expect(status.json()).toEqual({ status: 'complete', customer_email: p.email });
  });

  it('ignores a forged signature: nothing changes', async () => {
    const p = await newPatient(g.app, 'stripe-forged');
    const s = await g.nextSlot();
    await verifiedAttempt(g.app, p, s);
    const { sessionId } = (await startCardCheckout(g.app, p, s)).json();
    const session = g.fake.sessions.get(sessionId)!;
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
    const payment = await paymentOf(g.app, sessionId);
    expect(payment.status).toBe('PENDING');
    expect((await bookingsOfSlot(g.app, s.slotId))[0]!.status).toBe('Held');
  });

  it('releases the hold when the session expires', async () => {
    const p = await newPatient(g.app, 'stripe-expired');
    const s = await g.nextSlot();
    await verifiedAttempt(g.app, p, s);
    const { sessionId } = (await startCardCheckout(g.app, p, s)).json();
    const event = signedEvent('checkout.session.expired', g.fake.expire(sessionId));
    expect((await postWebhook(event.payload, event.header)).statusCode).toBe(200);
    const payment = await paymentOf(g.app, sessionId);
    expect(payment.status).toBe('FAILED');
    expect((await bookingsOfSlot(g.app, s.slotId))[0]!.status).toBe('Expired');
    // The slot is free for the next patient.
    const q = await newPatient(g.app, 'stripe-next');
    expect((await requestOtp(g.app, q, s)).statusCode).toBe(200);
  });

  it('refunds through the Stripe API when the slot was lost before the payment arrived', async () => {
    const a = await newPatient(g.app, 'stripe-lost-a');
    const b = await newPatient(g.app, 'stripe-lost-b');
    const s = await g.nextSlot();
    await verifiedAttempt(g.app, a, s);
    const { sessionId } = (await startCardCheckout(g.app, a, s)).json();
    await loseSlotTo(g.app, s, b);
    const completed = g.fake.complete(sessionId);
    const event = signedEvent('checkout.session.completed', completed);
    expect((await postWebhook(event.payload, event.header)).statusCode).toBe(200);
    await g.app.refunds.drain();
    const payment = await paymentOf(g.app, sessionId);
    expect(payment.status).toBe('REFUNDED');
    const refund = g.fake.refunds.find((r) => r.payment_intent === completed.payment_intent)!;
    expect(refund).toMatchObject({ amount: s.amount, idempotencyKey: `refund:${payment.id}` });
    expect(payment.refund_id).toBe(refund.id);
    expect((await mailTo(g.app, a.email)).some((m) => m.subject === 'Refund: your slot was no longer available')).toBe(true);
  });
});
