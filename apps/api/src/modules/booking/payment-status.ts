import { bookingMessages, type PaymentStatus } from '@careslot/contracts/booking';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { BookingDeps, PaymentRecordStatus } from './booking.types';
import { paymentForPatient } from './payment-records.repository';
import { settlePayment } from './settle-payment';

/**
 * What the patient's screens ask after paying: verify-payment, the status poll and the /return page's session
 * status. Each settles first (decision 011), so whichever arrives first finishes the payment.
 */

/** What the patient's screens see: refunds are failures of the booking. */
export function clientStatus(status: string): PaymentStatus {
  if (status === 'COMPLETED') return 'COMPLETED';
  if (status === 'PENDING') return 'PENDING';
  return 'FAILED';
}

export async function paymentStatus(deps: BookingDeps, patientId: string, orderId: string): Promise<PaymentStatus> {
  const row = await paymentForPatient(deps.db, orderId, patientId);
  if (!row) throw new NotFoundError('Payment not found.');
  return clientStatus(await settlePayment(deps, row.payment));
}

export async function verifyPayment(deps: BookingDeps, patientId: string, userId: string, orderId: string) {
  if (userId !== patientId) throw new ForbiddenError('You can only verify your own payments.');
  const row = await paymentForPatient(deps.db, orderId, patientId);
  if (!row) throw new NotFoundError(bookingMessages.verificationFailed);
  const settled = await settlePayment(deps, row.payment);
  const status = clientStatus(settled);
  const message =
    settled === 'COMPLETED'
      ? undefined
      : settled === 'PENDING'
        ? bookingMessages.processing
        : settled === 'FAILED'
          ? bookingMessages.paymentFailed
          : bookingMessages.slotTaken;
  return { success: status === 'COMPLETED', status, ...(message ? { message } : {}) };
}

export async function checkoutSessionStatus(deps: BookingDeps, patientId: string, sessionId: string) {
  const row = await paymentForPatient(deps.db, sessionId, patientId);
  if (!row || row.payment.payment_method !== 'stripe') throw new NotFoundError('That checkout session was not found.');
  const settled: PaymentRecordStatus = await settlePayment(deps, row.payment);
  const session = await deps.payments.checkoutSession(row.payment.gateway, sessionId);
  // A payment refunded because the slot was lost is not a successful checkout.
  const status = settled === 'REFUND_PENDING' || settled === 'REFUNDED' ? 'refunded' : session.status;
  return { status, customer_email: session.customerEmail ?? row.payment.customer_email };
}
