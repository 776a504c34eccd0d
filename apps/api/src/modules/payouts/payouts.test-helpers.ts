/** Shared set-up for the payout and ledger tests (not a test file itself). */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments } from '../../db/schema/booking';
import { bookSlot, newPatientRow, slotAt, type TestProvider } from '../availability/availability.test-helpers';
import { markPaymentCompleted } from '../booking/payment-records.repository';
import { queueFullRefund } from '../booking/provider-bookings.repository';
import { markRefunded } from '../payments/payments.repository';
import { platformFee } from './payouts.service';

/** Distinct half-hours for each new appointment, so one provider's slots never overlap. */
let slotCounter = 0;

/**
 * A booking whose card payment completed, through the same update the settle path makes (the ledger trigger books the
 * capture and the fee). `endsAt` places the appointment; the default is a week ahead.
 */
export async function paidBooking(
  app: FastifyInstance,
  p: TestProvider,
  opts: { amountMinor?: number; startsAt?: Date; patientName?: string } = {},
) {
  const amount = opts.amountMinor ?? 6000;
  const startsAt = opts.startsAt ?? new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 7 * 86_400_000 + slotCounter++ * 3_600_000);
  const patient = await newPatientRow(app, opts.patientName ?? 'Pat');
  const booking = await bookSlot(app, await slotAt(app, p, startsAt), { patientId: patient.id, amountMinor: amount });
  const [payment] = await app.db
    .insert(payments)
    .values({
      booking_id: booking.id,
      gateway: 'sandbox',
      payment_method: 'stripe',
      external_id: `cs_test_${booking.id}`,
      amount_minor: amount,
      currency: p.region === 'uk' ? 'GBP' : 'USD',
      customer_email: patient.email,
    })
    .returning();
  await app.db.transaction((tx) =>
    markPaymentCompleted(
      tx,
      payment!.id,
      { capture_id: null, customer_email: patient.email, platform_fee_minor: platformFee(amount, app.config) },
      new Date(),
    ),
  );
  return { booking, payment: payment!, patient, startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) };
}

/** A cancellation that refunds (by either side, within the free period): the payment goes REFUND_PENDING as booking does it. */
export async function refundDecided(app: FastifyInstance, bookingId: string) {
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`update bookings set status = 'Cancelled by Doctor' where id = ${bookingId}`);
    return queueFullRefund(tx, bookingId);
  });
}

/** The refund worker's last step: the gateway refunded it. */
export async function refundSent(app: FastifyInstance, paymentId: string) {
  await markRefunded(app.db, paymentId, `re_${paymentId.slice(0, 8)}`);
}

/** Adds a bank account through the API; answers its id. */
export async function addAccount(
  app: FastifyInstance,
  p: TestProvider,
  account: { sort_code?: string; routing_number?: string; account_number: string; is_primary?: boolean },
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/provider/provider-bank-details/${p.id}/`,
    headers: p.auth,
    payload: { providerRegion: p.region, name: 'Dr Test', ...account },
  });
  if (res.statusCode !== 201) throw new Error(`adding a bank account: ${res.statusCode} ${res.body}`);
  return res.json().data._id;
}

/** A provider's balances straight from the ledger (minor units). */
export async function balancesOf(app: FastifyInstance, providerId: string) {
  const result = await app.db.execute(sql`select
      coalesce(-sum(l.amount_minor) filter (where a.kind = 'provider_pending'), 0)::bigint as pending,
      coalesce(-sum(l.amount_minor) filter (where a.kind = 'provider_available'), 0)::bigint as available
    from ledger_accounts a join ledger_lines l on l.account_id = a.id where a.provider_id = ${providerId}`);
  const row = (result as unknown as { rows: { pending: string; available: string }[] }).rows[0]!;
  return { pending: Number(row.pending), available: Number(row.available) };
}

/** Entries whose lines do not sum to zero in some currency (must always be none). */
export async function unbalancedEntries(app: FastifyInstance): Promise<number> {
  const result = await app.db.execute(sql`select count(*)::int as n from (
      select entry_id from ledger_lines group by entry_id, currency having sum(amount_minor) <> 0) x`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

export async function paymentStatusOf(app: FastifyInstance, paymentId: string) {
  const [row] = await app.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
  return row?.status;
}
