import { describe, expect, it } from 'vitest';
import { mailTo } from '../../test/test-app';
import {
  bookingsOfSlot,
  loseSlotTo,
  newPatient,
  paymentOf,
  paymentStatus,
  startWalletOrder,
  useBookingApp,
  verifiedAttempt,
  verifyPayment,
  type TestPatient,
} from '../booking/booking.test-helpers';
import { startFakePaypal } from './fake-gateways';

const CREDS = { clientId: 'pp-client', clientSecret: 'pp-secret', webhookId: 'WH-CARESLOT' };

const g = useBookingApp({
  fake: () => startFakePaypal(CREDS),
  env: (fake) => ({
    PAYPAL_CLIENT_ID: CREDS.clientId,
    PAYPAL_CLIENT_SECRET: CREDS.clientSecret,
    PAYPAL_WEBHOOK_ID: CREDS.webhookId,
    PAYPAL_API_URL: fake.url,
  }),
});

function webhook(eventId: string, eventType: string, resource: unknown, signature = g.fake.validSignature) {
  return g.app.inject({
    method: 'POST',
    url: '/webhooks/paypal',
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT',
      'paypal-transmission-id': eventId,
      'paypal-transmission-sig': signature,
      'paypal-transmission-time': new Date().toISOString(),
    },
    payload: JSON.stringify({ id: eventId, event_type: eventType, resource }),
  });
}

const verify = (p: TestPatient, orderID: string) => verifyPayment(g.app, p, orderID, {}, '?providerRegion=uk');

describe('PayPal adapter (Orders v2 against a local fake PayPal)', () => {
  it('publishes the client id for the PayPal buttons', async () => {
    expect((await g.app.inject({ url: '/api/payment-config' })).json().wallet).toEqual({ gateway: 'paypal', clientId: 'pp-client' });
  });

  it('creates the order with the server amount, captures once with PayPal-Request-Id and books', async () => {
    const p = await newPatient(g.app, 'pp-ok');
    const s = await g.nextSlot();
    await verifiedAttempt(g.app, p, s);
    const res = await startWalletOrder(g.app, p, s, { type_of_visit: 'follow_up' });
    expect(res.statusCode).toBe(200);
    const { orderID, gateway } = res.json();
    expect(gateway).toBe('paypal');
    const order = g.fake.orders.get(orderID)!;
    expect(order.purchase_units[0]!.amount).toEqual({ currency_code: 'GBP', value: (s.followAmount / 100).toFixed(2) });
    const payment = await paymentOf(g.app, orderID);
    const create = g.fake.requests.find((r) => r.path === '/v2/checkout/orders' && r.method === 'POST' && r.body.includes(payment.id))!;
    expect(create.headers['paypal-request-id']).toBe(`order:${payment.id}`);

    // Not approved yet: verify captures nothing.
    expect((await verify(p, orderID)).json().data).toMatchObject({ success: false, status: 'PENDING' });
    g.fake.approve(orderID, p.email);
    const results = await Promise.all(Array.from({ length: 5 }, () => verify(p, orderID)));
    expect(results.every((r) => r.json().data.success === true)).toBe(true);
    const captures = g.fake.requests.filter((r) => r.path === `/v2/checkout/orders/${orderID}/capture`);
    expect(new Set(captures.map((c) => c.headers['paypal-request-id']))).toEqual(new Set([`capture:${payment.id}`]));
    expect(await paymentStatus(g.app, p, orderID)).toBe('COMPLETED');
    expect((await bookingsOfSlot(g.app, s.slotId)).filter((b) => b.status === 'Booked')).toHaveLength(1);
  });

  it('settles from the signed webhook; replay ×10 gives one booking and one e-mail', async () => {
    const p = await newPatient(g.app, 'pp-hook');
    const s = await g.nextSlot();
    await verifiedAttempt(g.app, p, s);
    const { orderID } = (await startWalletOrder(g.app, p, s)).json();
    g.fake.approve(orderID);
    const replies = [];
    for (let i = 0; i < 10; i++) replies.push(await webhook('WH-EVT-APPROVED-1', 'CHECKOUT.ORDER.APPROVED', { id: orderID }));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await bookingsOfSlot(g.app, s.slotId)).filter((b) => b.status === 'Booked')).toHaveLength(1);
    expect((await mailTo(g.app, p.email)).filter((m) => m.subject.startsWith('Booking confirmed'))).toHaveLength(1);
  });

  it('refuses a forged webhook and changes nothing', async () => {
    const p = await newPatient(g.app, 'pp-forged');
    const s = await g.nextSlot();
    await verifiedAttempt(g.app, p, s);
    const { orderID } = (await startWalletOrder(g.app, p, s)).json();
    g.fake.approve(orderID);
    const forged = await webhook('WH-FORGED', 'CHECKOUT.ORDER.APPROVED', { id: orderID }, 'not-the-signature');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Invalid PayPal signature.');
    const payment = await paymentOf(g.app, orderID);
    expect(payment.status).toBe('PENDING');
    expect(g.fake.orders.get(orderID)!.status).toBe('APPROVED');
  });

  it('refunds the capture when the slot was lost', async () => {
    const a = await newPatient(g.app, 'pp-lost-a');
    const b = await newPatient(g.app, 'pp-lost-b');
    const s = await g.nextSlot();
    await verifiedAttempt(g.app, a, s);
    const { orderID } = (await startWalletOrder(g.app, a, s)).json();
    await loseSlotTo(g.app, s, b);
    g.fake.approve(orderID);
    expect((await verify(a, orderID)).json().data).toMatchObject({ success: false, status: 'FAILED' });
    await g.app.refunds.drain();
    const payment = await paymentOf(g.app, orderID);
    expect(payment.status).toBe('REFUNDED');
    const capture = g.fake.orders.get(orderID)!.purchase_units[0]!.payments!.captures[0]!;
    expect(g.fake.refunds).toContainEqual({
      id: payment.refund_id,
      captureId: capture.id,
      value: (s.amount / 100).toFixed(2),
      requestId: `refund:${payment.id}`,
    });
  });
});
