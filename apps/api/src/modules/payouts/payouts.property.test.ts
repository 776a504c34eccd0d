/**
 * The ledger's promise, under random histories: after any mix of bookings, cancellations by either side (refunded or,
 * past the patient's cut-off, kept), refunds sent, payments for lost slots, time passing, payouts (to good and failing
 * accounts) and account changes, for every provider: paid in − refunded − fees − paid out = pending + available, to the
 * penny; what the Earnings call shows agrees; and every entry sums to zero. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarningsResponse } from '@careslot/contracts/payouts';
import { bookings, payments } from '../../db/schema/booking';
import { payouts } from '../../db/schema/ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { newProvider, type TestProvider } from '../availability/availability.test-helpers';
import { payoutCycle, platformFee, runPayoutsNow } from './payouts.service';
import { addAccount, balancesOf, paidBooking, refundDecided, refundSent, unbalancedEntries } from './payouts.test-helpers';

let t: TestApp;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ seed: { providersPerRegion: 2, days: 1, demoAccounts: false }, env: { RATE_LIMIT_SCALE: '1000' } });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Step =
  | { kind: 'book'; who: number; amount: number; inHours: number }
  | { kind: 'cancel'; which: number; refunds: boolean }
  | { kind: 'refundSent'; which: number }
  | { kind: 'lostSlot'; which: number }
  | { kind: 'advance'; hours: number }
  | { kind: 'cycle' }
  | { kind: 'run' }
  | { kind: 'account'; who: number; failing: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      who: fc.nat(2),
      amount: fc.integer({ min: 1, max: 40_000 }),
      inHours: fc.integer({ min: 1, max: 96 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), which: fc.nat(), refunds: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refundSent' as const), which: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lostSlot' as const), which: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 24 * 9 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cycle' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('run' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('account' as const), who: fc.nat(2), failing: fc.boolean() }) },
);

/** What we expect from the events alone, per provider: independent of the ledger. */
interface Expected {
  paidIn: number;
  refunded: number;
  fees: number;
}

const goodAccounts = [
  ['08-99-99', '66374958'],
  ['10-79-99', '88837491'],
  ['11-87-65', '64371389'],
] as const;

describe('the ledger under random histories', () => {
  it('paid in − refunded − fees − paid out = balance, for every provider, to the penny', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        const providers: TestProvider[] = [];
        const expected: Expected[] = [];
        for (let i = 0; i < 3; i++) {
          const p = await newProvider(t.app, { clinics: 1 });
          await addAccount(t.app, p, { sort_code: goodAccounts[i]![0], account_number: goodAccounts[i]![1] });
          providers.push(p);
          expected.push({ paidIn: 0, refunded: 0, fees: 0 });
        }
        let now = Date.now();
        let nextStart = Math.ceil(now / HOUR) * HOUR;
        const booked: {
          who: number;
          bookingId: string;
          paymentId: string;
          amount: number;
          fee: number;
          state: 'paid' | 'refunding' | 'refunded' | 'kept';
        }[] = [];
        const refundable: string[] = [];
        const accountsUsed = [0, 0, 0];
        for (const s of steps) {
          if (s.kind === 'book') {
            nextStart = Math.max(nextStart, Math.ceil((now + s.inHours * HOUR) / HOUR) * HOUR) + HOUR;
            const { booking, payment } = await paidBooking(t.app, providers[s.who]!, {
              amountMinor: s.amount,
              startsAt: new Date(nextStart),
            });
            const fee = platformFee(s.amount, t.config);
            booked.push({ who: s.who, bookingId: booking.id, paymentId: payment.id, amount: s.amount, fee, state: 'paid' });
            expected[s.who]!.paidIn += s.amount;
            expected[s.who]!.fees += fee;
          } else if (s.kind === 'cancel' && booked.length > 0) {
            const b = booked[s.which % booked.length]!;
            if (b.state !== 'paid') continue;
            if (s.refunds) {
              // Either side within the free period (or the provider at any time): the full amount goes back, fee included.
              await refundDecided(t.app, b.bookingId);
              b.state = 'refunding';
              expected[b.who]!.refunded += b.amount;
              expected[b.who]!.fees -= b.fee;
            } else {
              // The patient past the cut-off: cancelled, the fee kept (decision 060), nothing moves.
              await t.app.db
                .update(bookings)
                .set({ status: 'Cancelled by Patient', cancelling_person: 'patient' })
                .where(eq(bookings.id, b.bookingId));
              b.state = 'kept';
            }
          } else if (s.kind === 'refundSent' && booked.length > 0) {
            const b = booked[s.which % booked.length]!;
            if (b.state === 'refunding') {
              await refundSent(t.app, b.paymentId);
              b.state = 'refunded';
            }
            const lost = refundable.shift();
            if (lost) await refundSent(t.app, lost);
          } else if (s.kind === 'lostSlot' && booked.length > 0) {
            // A second payment for a booking (or one whose slot was lost): owed back whole, never the provider's.
            const b = booked[s.which % booked.length]!;
            const [row] = await t.app.db
              .insert(payments)
              .values({
                booking_id: b.bookingId,
                gateway: 'sandbox',
                payment_method: 'paypal',
                external_id: `lost-${b.paymentId}-${refundable.length}-${now}`,
                amount_minor: b.amount,
                currency: 'GBP',
              })
              .returning();
            await t.app.db.update(payments).set({ status: 'REFUND_PENDING' }).where(eq(payments.id, row!.id));
            refundable.push(row!.id);
          } else if (s.kind === 'advance') {
            now += s.hours * HOUR;
          } else if (s.kind === 'cycle') {
            await payoutCycle(t.app.payouts.deps, new Date(now));
          } else if (s.kind === 'run') {
            await runPayoutsNow(t.app.payouts.deps, new Date(now));
          } else if (s.kind === 'account') {
            const p = providers[s.who]!;
            const n = ++accountsUsed[s.who]!;
            const account = s.failing
              ? { sort_code: '10-88-00', account_number: '00000000' }
              : { sort_code: goodAccounts[(s.who + n) % 3]![0], account_number: goodAccounts[(s.who + n) % 3]![1] };
            const list = (await t.app.inject({ url: `/provider/provider-bank-details/${p.id}/?providerRegion=uk`, headers: p.auth })).json()
              .Bank_details as { _id: string; account_number: string }[];
            const existing = list.find((a) => a.account_number.endsWith(account.account_number.slice(4)));
            if (existing) {
              await t.app.inject({
                method: 'PATCH',
                url: `/provider/provider-bank-details/${p.id}/`,
                headers: p.auth,
                payload: { providerRegion: 'uk', unique_id: existing._id, is_primary: true },
              });
            } else {
              await addAccount(t.app, p, { ...account, is_primary: true });
            }
          }
        }
        // Let everything settle: payouts in transit arrive or fail.
        await payoutCycle(t.app.payouts.deps, new Date(now + 2 * t.config.PAYOUT_SANDBOX_DELAY_MS + HOUR));

        for (let i = 0; i < providers.length; i++) {
          const p = providers[i]!;
          const e = expected[i]!;
          const paid = await t.app.db.execute(
            sql`select coalesce(sum(amount_minor), 0)::bigint as n from payouts where provider_id = ${p.id} and status <> 'failed'`,
          );
          const paidOut = Number((paid as unknown as { rows: { n: string }[] }).rows[0]!.n);
          const balance = await balancesOf(t.app, p.id);
          expect(e.paidIn - e.refunded - e.fees - paidOut, `provider ${i}`).toBe(balance.pending + balance.available);
          const shown = (
            await t.app.inject({ url: `/provider/earnings/${p.id}/?providerRegion=uk`, headers: p.auth })
          ).json() as EarningsResponse;
          expect(shown.totals, `provider ${i} statement`).toEqual({
            gross: (e.paidIn / 100).toFixed(2),
            fee: (e.fees / 100).toFixed(2),
            refund: (e.refunded / 100).toFixed(2),
            net: ((e.paidIn - e.refunded - e.fees) / 100).toFixed(2),
          });
          expect(Math.round(Number(shown.pending) * 100) + Math.round(Number(shown.available) * 100)).toBe(
            balance.pending + balance.available,
          );
          const open = await t.app.db.select().from(payouts).where(eq(payouts.provider_id, p.id));
          expect(open.every((x) => x.status === 'paid' || x.status === 'failed' || x.status === 'in_transit')).toBe(true);
        }
        expect(await unbalancedEntries(t.app)).toBe(0);
      }),
      { numRuns: 12 },
    );
  }, 600_000);
});
