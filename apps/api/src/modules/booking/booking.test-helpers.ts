/** Shared set-up for the booking integration tests (not a test file itself). */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { availabilitySlots, bookings, payments } from '../../db/schema/booking';
import { patients } from '../../db/schema/identity';
import { hospitals, providers } from '../../db/schema/providers';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import type { SeedOptions } from '../../db/seed/seed';
import { createTestApp, mailTo, type TestApp } from '../../test/test-app';
import { rowsOf } from '../../db/rows';

/** A local fake of a payment provider's API (fake-gateways.ts). */
export interface LocalFake {
  url: string;
  close(): Promise<void>;
}

/**
 * The set-up every booking and gateway test file shares: one app on its own fresh database for the file, optionally
 * in front of a local fake gateway whose address goes into the env, and a different free slot for each nextSlot().
 * With `second`, a second app instance on the same database, as two processes behind a load balancer would be: on
 * PostgreSQL (TEST_DATABASE_URL) with its own connection pool of `poolSize`, on PGlite sharing the one connection.
 */
export function useBookingApp<F extends LocalFake | null = null>(
  opts: {
    fake?: () => Promise<F>;
    env?: (fake: F) => Record<string, string>;
    seed?: SeedOptions;
    second?: { poolSize?: number };
  } = {},
) {
  let t: TestApp | undefined;
  let fake: F | undefined;
  let second: FastifyInstance | undefined;
  let secondDb: Database | null = null;
  let n = 0;
  beforeAll(
    async () => {
      fake = (opts.fake ? await opts.fake() : null) as F;
      t = await createTestApp({ env: opts.env?.(fake), seed: opts.seed });
      if (opts.second) {
        if (t.database.kind === 'postgres') {
          secondDb = await openDatabase({ databaseUrl: t.config.DATABASE_URL, poolSize: opts.second.poolSize ?? 5 });
        }
        second = await buildApp({ config: t.config, database: secondDb ?? t.database });
        await second.ready();
      }
    },
    opts.second ? 120_000 : undefined,
  );
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await t?.close();
    await fake?.close();
  });
  return {
    get app(): FastifyInstance {
      return t!.app;
    },
    /** The second app instance (only with `second`). */
    get second(): FastifyInstance {
      return second!;
    },
    get fake(): F {
      return fake!;
    },
    /** A different free slot for each call. */
    nextSlot: (region: 'uk' | 'usa' = 'uk') => freeSlot(t!.app, region, n++),
  };
}

export interface TestPatient {
  id: string;
  email: string;
  token: string;
}

export async function demoPatient(app: FastifyInstance): Promise<TestPatient> {
  const [p] = await app.db.select().from(patients).where(eq(patients.email, DEMO_ACCOUNTS.patient.email));
  return { id: p!.id, email: p!.email!, token: await app.tokens.signAccess({ id: p!.id, type: 'patient' }) };
}

export async function newPatient(app: FastifyInstance, label = randomUUID().slice(0, 8)): Promise<TestPatient> {
  const email = `patient-${label}@example.com`;
  const [p] = await app.db
    .insert(patients)
    .values({ email, first_name: 'Test', last_name: `Patient ${label}`, email_verified_at: new Date() })
    .returning();
  return { id: p!.id, email, token: await app.tokens.signAccess({ id: p!.id, type: 'patient' }) };
}

export interface SlotPick {
  slotId: number;
  providerId: string;
  providerRegion: 'uk' | 'usa';
  bookedDate: string;
  timeSlot: string;
  amount: number;
  followAmount: number;
}

/** The n-th free future slot of the region (at least a day ahead), with its attempt fields. */
export async function freeSlot(app: FastifyInstance, region: 'uk' | 'usa' = 'uk', n = 0): Promise<SlotPick> {
  const rows = await app.db
    .select({ slot: availabilitySlots, tz: hospitals.time_zone, provider: providers })
    .from(availabilitySlots)
    .innerJoin(hospitals, eq(hospitals.id, availabilitySlots.hospital_id))
    .innerJoin(providers, eq(providers.id, availabilitySlots.provider_id))
    .where(
      and(
        eq(availabilitySlots.region, region),
        eq(availabilitySlots.status, 'open'),
        eq(providers.bookable, true),
        gt(availabilitySlots.starts_at, new Date(Date.now() + 24 * 3600_000)),
        sql`not exists (select 1 from ${bookings} b where b.slot_id = ${availabilitySlots.id} and b.status in ('Held','Booked'))`,
      ),
    )
    .orderBy(asc(availabilitySlots.id))
    .limit(1)
    .offset(n * 7);
  const row = rows[0]!;
  const local = DateTime.fromJSDate(row.slot.starts_at, { zone: row.tz });
  return {
    slotId: row.slot.id,
    providerId: row.provider.id,
    providerRegion: region,
    bookedDate: local.toFormat('dd/MM/yyyy'),
    timeSlot: local.toFormat('h:mm a'),
    amount: row.provider.amount_minor,
    followAmount: row.provider.follow_amount_minor,
  };
}

export const attemptOf = (s: SlotPick) => ({
  providerId: s.providerId,
  providerRegion: s.providerRegion,
  bookedDate: s.bookedDate,
  timeSlot: s.timeSlot,
});

export const checkoutBody = (s: SlotPick, extra: Record<string, unknown> = {}) => ({
  ...attemptOf(s),
  type_of_visit: 'first_visit',
  purpose_for_visit: 'Persistent lower back pain for three weeks',
  doctorDistance: '2.4',
  ...extra,
});

export const auth = (p: TestPatient) => ({ authorization: `Bearer ${p.token}` });

export async function requestOtp(app: FastifyInstance, p: TestPatient, s: SlotPick) {
  return app.inject({ method: 'POST', url: `/user/user-otp-verification/${p.id}/`, headers: auth(p), payload: attemptOf(s) });
}

/** The latest code e-mailed to the patient. */
export async function otpFromMail(app: FastifyInstance, email: string): Promise<string> {
  const messages = await mailTo(app, email);
  const m = messages.find((x) => /is your CareSlot verification code/.test(x.subject));
  if (!m) throw new Error(`no OTP mail for ${email}`);
  return /^(\d{6})/.exec(m.subject)![1]!;
}

export async function checkOtp(app: FastifyInstance, p: TestPatient, otp: string) {
  return app.inject({ method: 'GET', url: `/user/user-otp-verification/${p.id}/?otp=${encodeURIComponent(otp)}`, headers: auth(p) });
}

/** Patient p takes slot s through the OTP step and pays by sandbox card; answers the checkout session id, paid. */
export async function paidByCard(app: FastifyInstance, p: TestPatient, s: SlotPick): Promise<string> {
  await verifiedAttempt(app, p, s);
  const res = await startCardCheckout(app, p, s);
  expect(res.statusCode, res.body).toBe(200);
  const { sessionId } = res.json() as { sessionId: string };
  expect((await payWithCard(app, sessionId)).statusCode).toBe(200);
  expect(await paymentStatus(app, p, sessionId)).toBe('COMPLETED');
  return sessionId;
}

/** OTP requested, read from the mailbox and verified. */
export async function verifiedAttempt(app: FastifyInstance, p: TestPatient, s: SlotPick): Promise<void> {
  const res = await requestOtp(app, p, s);
  if (res.statusCode !== 200) throw new Error(`otp request ${res.statusCode}: ${res.body}`);
  const code = await otpFromMail(app, p.email);
  const check = await checkOtp(app, p, code);
  if (!check.json().status) throw new Error('otp did not verify');
}

export async function startCardCheckout(app: FastifyInstance, p: TestPatient, s: SlotPick, extra: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: `/user/stripe-checkout/${p.id}/`, headers: auth(p), payload: checkoutBody(s, extra) });
}

export async function startWalletOrder(app: FastifyInstance, p: TestPatient, s: SlotPick, extra: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: `/user/paypal-order/${p.id}/`, headers: auth(p), payload: checkoutBody(s, extra) });
}

/** POST /user/verify-payment/ as patient p, for their own id unless `body` says otherwise; `query` e.g. '?providerRegion=uk'. */
export async function verifyPayment(app: FastifyInstance, p: TestPatient, orderID: string, body: Record<string, unknown> = {}, query = '') {
  return app.inject({
    method: 'POST',
    url: `/user/verify-payment/${query}`,
    headers: auth(p),
    payload: { orderID, user_id: p.id, ...body },
  });
}

export async function payWithCard(app: FastifyInstance, sessionId: string, cardNumber = '4242 4242 4242 4242') {
  return app.inject({
    method: 'POST',
    url: `/sandbox/stripe/checkout-sessions/${sessionId}/pay`,
    payload: { card_number: cardNumber, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
  });
}

export async function paymentStatus(app: FastifyInstance, p: TestPatient, orderId: string) {
  const res = await app.inject({ method: 'GET', url: `/user/check-payment-status/${orderId}/`, headers: auth(p) });
  return res.json().data?.status as string | undefined;
}

export async function bookingsOfSlot(app: FastifyInstance, slotId: number) {
  return app.db.select().from(bookings).where(eq(bookings.slot_id, slotId));
}

/** Raw RFC 822 messages the dev mailbox stored for an address (to look at attachments). */
export async function rawMailTo(app: FastifyInstance, to: string): Promise<string[]> {
  await app.outbox.drain();
  const rows = await app.db.execute(sql`select raw from dev_mailbox where "to" = ${to} order by id desc`);
  return rowsOf<{ raw: string }>(rows).map((r) => r.raw);
}

/** Every hold on the slot runs out now. */
export async function expireHolds(app: FastifyInstance, slotId: number): Promise<void> {
  await app.db
    .update(bookings)
    .set({ hold_expires_at: new Date(Date.now() - 1000) })
    .where(eq(bookings.slot_id, slotId));
}

/** The first patient's hold runs out and `other` takes the slot before the first one's payment arrives. */
export async function loseSlotTo(app: FastifyInstance, s: SlotPick, other: TestPatient): Promise<void> {
  await expireHolds(app, s.slotId);
  expect((await requestOtp(app, other, s)).statusCode).toBe(200);
}

/** Our payment record for a gateway id (checkout session or wallet order). */
export async function paymentOf(app: FastifyInstance, externalId: string) {
  const [row] = await app.db.select().from(payments).where(eq(payments.external_id, externalId));
  return row!;
}
