/**
 * Exactly one booking per slot under concurrency. On PostgreSQL (TEST_DATABASE_URL) the attempts are
 * spread over two API app instances with their own connection pools on one database, as two processes
 * behind a load balancer would be; on PGlite (one connection, transactions one at a time) the same
 * assertions check the logic under interleaved requests.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages } from '@careslot/contracts/booking';
import { toTwentyFourHour } from '@careslot/contracts/time';
import { bookings, otpCodes, payments, sandboxPayments } from '../../db/schema/booking';
import { patients } from '../../db/schema/identity';
import {
  attemptOf,
  auth,
  checkoutBody,
  freeSlot,
  payWithCard,
  useBookingApp,
  type SlotPick,
  type TestPatient,
} from './booking.test-helpers';

const ATTEMPTS = 200;

const t = useBookingApp({ env: () => ({ RATE_LIMIT_SCALE: '10' }), second: { poolSize: 20 } });
let crowd: TestPatient[] = [];

beforeAll(async () => {
  const rows = await t.app.db
    .insert(patients)
    .values(
      Array.from({ length: ATTEMPTS }, (_, i) => ({
        email: `crowd-${i}-${randomUUID().slice(0, 6)}@example.com`,
        first_name: 'Crowd',
        last_name: `Patient ${i}`,
        email_verified_at: new Date(),
      })),
    )
    .returning();
  crowd = await Promise.all(
    rows.map(async (r) => ({ id: r.id, email: r.email!, token: await t.app.tokens.signAccess({ id: r.id, type: 'patient' }) })),
  );
}, 120_000);

/** Request i goes to app instance i % 2. */
const appFor = (i: number) => (i % 2 === 0 ? t.app : t.second);

function tally(codes: number[]) {
  const out: Record<number, number> = {};
  for (const c of codes) out[c] = (out[c] ?? 0) + 1;
  return out;
}

async function activeBookings(slot: SlotPick) {
  return t.app.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.slot_id, slot.slotId), inArray(bookings.status, ['Held', 'Booked'])));
}

describe(`${ATTEMPTS} patients race for one slot across two API instances`, () => {
  it('the OTP step holds the slot for exactly one of them; the rest get 409, none a 5xx', async () => {
    const slot = await freeSlot(t.app, 'uk', 0);
    const replies = await Promise.all(
      crowd.map((p, i) =>
        appFor(i).inject({ method: 'POST', url: `/user/user-otp-verification/${p.id}/`, headers: auth(p), payload: attemptOf(slot) }),
      ),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(tally(codes)).toEqual({ 200: 1, 409: ATTEMPTS - 1 });
    expect(replies.filter((r) => r.statusCode === 409).every((r) => r.json().message === bookingMessages.slotTaken)).toBe(true);
    expect(await activeBookings(slot)).toHaveLength(1);
  }, 120_000);

  it('payment creation: exactly one checkout, one payment row, one charge, one booking', async () => {
    const slot = await freeSlot(t.app, 'uk', 1);
    const attemptKey = `${slot.providerId}|uk|${slot.bookedDate}|${toTwentyFourHour(slot.timeSlot)}`;
    // Every patient holds a verified code for this attempt (as if each had passed the OTP step).
    await t.app.db.insert(otpCodes).values(
      crowd.map((p) => ({
        patient_id: p.id,
        attempt_key: attemptKey,
        code_hash: 'x',
        expires_at: new Date(Date.now() + 600_000),
        verified_at: new Date(),
      })),
    );
    const replies = await Promise.all(
      crowd.map((p, i) =>
        appFor(i).inject({ method: 'POST', url: `/user/stripe-checkout/${p.id}/`, headers: auth(p), payload: checkoutBody(slot) }),
      ),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(tally(codes)).toEqual({ 200: 1, 409: ATTEMPTS - 1 });
    const winner = replies.find((r) => r.statusCode === 200)!.json();
    expect(winner.clientSecret).toMatch(/^cs_sandbox_\w+_secret_/);

    const rows = await t.app.db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.booking_id))
      .where(eq(bookings.slot_id, slot.slotId));
    expect(rows).toHaveLength(1);
    const sessions = await t.app.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, winner.sessionId));
    expect(sessions).toHaveLength(1);

    // The winner pays; everyone polling at once sees one booking, and only the winner can see the payment.
    expect((await payWithCard(t.second, winner.sessionId)).statusCode).toBe(200);
    const polls = await Promise.all(
      crowd.slice(0, 40).map((p, i) => appFor(i).inject({ url: `/user/check-payment-status/${winner.sessionId}/`, headers: auth(p) })),
    );
    expect(polls.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    expect(polls.filter((r) => r.statusCode === 200).map((r) => r.json().data.status)).toEqual(['COMPLETED']);
    const active = await activeBookings(slot);
    expect(active).toHaveLength(1);
    expect(active[0]!.status).toBe('Booked');
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.external_id, winner.sessionId));
    expect(payment!.status).toBe('COMPLETED');
  }, 120_000);
});
