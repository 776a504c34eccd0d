import { and, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { bookings, payments } from '../../db/schema/booking';

/**
 * Booking's record of each payment attempt (the `payments` table): written PENDING when a checkout starts and
 * settled by settle-payment.ts; the payments module's refund worker takes REFUND_PENDING rows from there.
 */
export type PaymentRow = typeof payments.$inferSelect;

export async function insertPendingPayment(
  tx: Tx,
  values: {
    booking_id: string;
    gateway: string;
    payment_method: string;
    amount_minor: number;
    currency: string;
    customer_email: string;
  },
  placeholderExternalId: string,
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({ ...values, external_id: placeholderExternalId })
    .returning();
  return row!;
}

export async function attachExternalId(q: Queryable, paymentId: string, externalId: string): Promise<void> {
  await q.update(payments).set({ external_id: externalId, updatedAt: new Date() }).where(eq(payments.id, paymentId));
}

export async function markPaymentFailed(q: Queryable, paymentId: string): Promise<void> {
  await q.update(payments).set({ status: 'FAILED', updatedAt: new Date() }).where(eq(payments.id, paymentId));
}

export async function lockPayment(tx: Tx, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row ?? null;
}

export async function markPaymentCompleted(
  tx: Tx,
  paymentId: string,
  paid: { capture_id: string | null; customer_email: string | null; platform_fee_minor: number },
  now: Date,
): Promise<void> {
  // The ledger trigger (payments_ledger) books the capture and the fee in this same statement's transaction.
  await tx
    .update(payments)
    .set({
      status: 'COMPLETED',
      capture_id: paid.capture_id,
      customer_email: paid.customer_email,
      platform_fee_minor: paid.platform_fee_minor,
      updatedAt: now,
    })
    .where(eq(payments.id, paymentId));
}

/** Paid, but nothing to book: the refund worker will refund it. */
export async function markRefundDue(
  tx: Tx,
  paymentId: string,
  paid: { capture_id: string | null; amount_minor: number; customer_email: string | null },
): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: 'REFUND_PENDING',
      ...paid,
      // updated_at doubles as the refund worker's next-attempt time: due at once.
      updatedAt: new Date(0),
    })
    .where(eq(payments.id, paymentId));
}

/** A payment of this patient by the gateway's id (order id or checkout session id), with its booking. */
export async function paymentForPatient(q: Queryable, externalId: string, patientId: string) {
  const [row] = await q
    .select({ payment: payments, booking: bookings })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.booking_id))
    .where(and(eq(payments.external_id, externalId), eq(bookings.patient_id, patientId)));
  return row ?? null;
}

export async function paymentByExternalId(q: Queryable, gateway: string, externalId: string): Promise<PaymentRow | null> {
  const [row] = await q
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.external_id, externalId)));
  return row ?? null;
}

/** The gateway created the object but we crashed before storing its id: adopt it now (only a placeholder is replaced). */
export async function adoptExternalId(q: Queryable, paymentId: string, externalId: string): Promise<PaymentRow | null> {
  const [adopted] = await q
    .update(payments)
    .set({ external_id: externalId })
    .where(and(eq(payments.id, paymentId), sql`${payments.external_id} like 'pending:%'`))
    .returning();
  return adopted ?? null;
}

/** PENDING payments created before `before` whose gateway id we hold, oldest first (the reconciler's work). */
export async function pendingPaymentsToReconcile(q: Queryable, before: Date, limit: number): Promise<PaymentRow[]> {
  return q
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'PENDING'), sql`${payments.external_id} not like 'pending:%'`, sql`${payments.createdAt} < ${before}`))
    .orderBy(payments.createdAt)
    .limit(limit);
}
