/**
 * A process dies at each step of a payment; a restarted one brings every payment to its end (decision 053):
 * paid means booked or refunded, never neither and never both; the confirmation is delivered, with the same
 * Message-ID as a copy sent before the crash; a refund interrupted half-way is not sent twice.
 * "The process" is app A; "after the restart" is app B, a fresh app on the same database (in-process state lost).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { bookings, payments, sandboxPayments } from '../../db/schema/booking';
import { mailOutbox } from '../../db/schema/mail';
import { createTestApp, type TestApp } from '../../test/test-app';
import { devMailboxTransport } from '../mail/mail.transport';
import type { MailMessage, MailTransport } from '../mail/mail.types';
import {
  bookingsOfSlot,
  freeSlot,
  loseSlotTo,
  newPatient,
  paymentOf,
  payWithCard,
  rawMailTo,
  startCardCheckout,
  verifiedAttempt,
  type SlotPick,
} from './booking.test-helpers';

let a: TestApp;
let n = 0;
const nextSlot = (): Promise<SlotPick> => freeSlot(a.app, 'uk', n++);

/** The copies app A's transport handed over before "dying" (it throws after each, as if killed before marking it sent). */
const sentBeforeCrash: MailMessage[] = [];
let crashAfterSending = false;
let devMailbox: MailTransport | undefined;
const recording: MailTransport = {
  async send(m) {
    sentBeforeCrash.push(m);
    if (crashAfterSending) throw new Error('process killed before the message was marked sent');
    await devMailbox!.send(m);
  },
  close() {},
};

/** A restart: a new app on the same database, its own memory, nothing in flight. */
async function restart(): Promise<FastifyInstance> {
  const b = await buildApp({ config: a.config, database: a.database });
  await b.ready();
  return b;
}

/** Every payment that took money is booked or refunded, never neither, never both. */
async function everyPaymentAtAnEnd(app: FastifyInstance) {
  const rows = await app.db
    .select({ payment: payments, booking: bookings })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.booking_id));
  let paid = 0;
  for (const { payment, booking } of rows) {
    const [gateway] = await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, payment.external_id));
    if (gateway?.status !== 'complete' && gateway?.status !== 'COMPLETED') continue;
    paid++;
    const booked = payment.status === 'COMPLETED' && booking.status === 'Booked';
    const refunded = payment.status === 'REFUNDED' && gateway.refunded_minor === payment.amount_minor;
    expect({ id: payment.id, booked, refunded }).toEqual({ id: payment.id, booked: booked && !refunded, refunded: refunded && !booked });
    expect(booked || refunded, `payment ${payment.id} (${payment.status}, booking ${booking.status})`).toBe(true);
  }
  expect(paid).toBeGreaterThan(0);
}

beforeAll(async () => {
  a = await createTestApp({ seed: { providersPerRegion: 4, days: 6 }, env: { RATE_LIMIT_SCALE: '100' }, mailTransport: recording });
  devMailbox = devMailboxTransport(a.database.db);
}, 120_000);
afterAll(async () => a?.close());

describe('a crash at each step of a payment', () => {
  it('after the gateway took the money and before the booking committed: the reconciler books it', async () => {
    const p = await newPatient(a.app, 'crash-settle');
    const s = await nextSlot();
    await verifiedAttempt(a.app, p, s);
    const { sessionId } = (await startCardCheckout(a.app, p, s)).json();
    // The process dies between the gateway's charge and the settle transaction: the event is never settled.
    const settle = a.app.booking.settlePaymentEvent;
    a.app.booking.settlePaymentEvent = async () => {
      throw new Error('killed');
    };
    expect((await payWithCard(a.app, sessionId)).statusCode).toBe(200);
    a.app.booking.settlePaymentEvent = settle;
    expect(await paymentOf(a.app, sessionId)).toMatchObject({ status: 'PENDING' });

    const b = await restart();
    try {
      // Young payments are left to their checkout for 30 s; the reconciler is asked here as if that had passed.
      expect(await b.booking.reconcilePayments(0)).toBeGreaterThanOrEqual(1);
      expect(await paymentOf(b, sessionId)).toMatchObject({ status: 'COMPLETED' });
      expect((await bookingsOfSlot(b, s.slotId)).map((r) => r.status)).toEqual(['Booked']);
      const mail = await rawMailTo(b, p.email);
      expect(mail.some((raw) => /Message-ID: <outbox-\d+@careslot\.example>/i.test(raw))).toBe(true);
      // Running it again (another process, the next minute) changes nothing.
      expect(await b.booking.reconcilePayments(0)).toBe(0);
      await everyPaymentAtAnEnd(b);
    } finally {
      await b.close();
    }
  });

  it('after the commit and before the e-mail went out: delivered after the restart, with the same Message-ID', async () => {
    const p = await newPatient(a.app, 'crash-mail');
    const s = await nextSlot();
    await verifiedAttempt(a.app, p, s);
    const { sessionId } = (await startCardCheckout(a.app, p, s)).json();
    // The confirmation is handed to SMTP, then the process dies before marking it sent.
    crashAfterSending = true;
    sentBeforeCrash.length = 0;
    expect((await payWithCard(a.app, sessionId)).statusCode).toBe(200);
    expect(await paymentOf(a.app, sessionId)).toMatchObject({ status: 'COMPLETED' });
    await a.app.outbox.drain();
    crashAfterSending = false;
    const first = sentBeforeCrash.find((m) => m.to === p.email && /confirmed/i.test(m.subject));
    expect(first?.messageId).toMatch(/^<outbox-\d+@careslot\.example>$/);

    const b = await restart();
    try {
      // Its lease (or backoff) runs out after the restart.
      await b.db
        .update(mailOutbox)
        .set({ next_attempt_at: new Date(0) })
        .where(eq(mailOutbox.to, p.email));
      const delivered = await rawMailTo(b, p.email);
      const again = delivered.find((raw) => raw.includes(first!.messageId!));
      expect(again, 'the resend carries the Message-ID of the copy sent before the crash').toBeDefined();
      await everyPaymentAtAnEnd(b);
    } finally {
      await b.close();
    }
  });

  it('mid-refund (the gateway refunded, the process died before recording it): refunded once after the restart', async () => {
    const p = await newPatient(a.app, 'crash-refund-a');
    const other = await newPatient(a.app, 'crash-refund-b');
    const s = await nextSlot();
    await verifiedAttempt(a.app, p, s);
    const { sessionId } = (await startCardCheckout(a.app, p, s)).json();
    await loseSlotTo(a.app, s, other);
    // Hold back the refund worker of this process, so the step below plays its part.
    const kick = a.app.refunds.kick;
    a.app.refunds.kick = () => undefined;
    expect((await payWithCard(a.app, sessionId)).statusCode).toBe(200);
    a.app.refunds.kick = kick;
    const due = await paymentOf(a.app, sessionId);
    expect(due.status).toBe('REFUND_PENDING');
    // The refund worker's gateway call went through; the process died before it marked the payment REFUNDED.
    await a.app.payments.gateways.cardByName(due.gateway).refund({
      externalId: due.external_id,
      captureId: due.capture_id,
      amountMinor: due.amount_minor,
      currency: due.currency,
      idempotencyKey: `refund:${due.id}`,
    });

    const b = await restart();
    try {
      await b.refunds.drain();
      expect(await paymentOf(b, sessionId)).toMatchObject({ status: 'REFUNDED' });
      const [gateway] = await b.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, sessionId));
      expect(gateway!.refunded_minor, 'refunded once, not twice').toBe(due.amount_minor);
      await everyPaymentAtAnEnd(b);
    } finally {
      await b.close();
    }
  });
});
