import { randomUUID } from 'node:crypto';
import { feeFor, validatePurpose } from '@careslot/contracts/booking';
import { currencyForRegion } from '@careslot/contracts/money';
import { ValidationError } from '../../lib/errors';
import { paymentGatewayError } from '../payments/payments.service';
import { patientOrFail, resolveAttempt } from './booking-attempt';
import type { BookingDeps, CheckoutInput } from './booking.types';
import { holdSlot, PAYMENT_HOLD_MINUTES } from './hold-slot';
import { publicUrl, slotWording } from './mail-layout';
import { requireVerifiedCode } from './one-time-code';
import { attachExternalId, insertPendingPayment, markPaymentFailed } from './payment-records.repository';

/**
 * Step 5, shared by both methods: validates, checks the verified code, extends the hold to 30 minutes and records a
 * PENDING payment with the server's amount (the fee for the type of visit, in the region's currency).
 */
async function startPayment(deps: BookingDeps, patientId: string, input: CheckoutInput, method: 'stripe' | 'paypal', gateway: string) {
  const purposeError = validatePurpose(input.purpose_for_visit);
  if (purposeError) throw new ValidationError(purposeError, { purpose_for_visit: purposeError });
  const patient = await patientOrFail(deps.db, patientId);
  const { ctx, attemptKey } = await resolveAttempt(deps.db, input);
  await requireVerifiedCode(deps.db, patient.id, attemptKey);
  const amount = feeFor(input.type_of_visit, { amount: ctx.provider.amount_minor, follow_amount: ctx.provider.follow_amount_minor });
  const currency = currencyForRegion(ctx.provider.region);
  const { booking, payment } = await deps.db.transaction(async (tx) => {
    const booking = await holdSlot(tx, ctx, patient.id, PAYMENT_HOLD_MINUTES, {
      type_of_visit: input.type_of_visit,
      purpose_for_visit: input.purpose_for_visit.trim(),
      amount_minor: amount,
      currency,
      payment_method: method,
      doctor_distance: input.doctorDistance === undefined || input.doctorDistance === null ? null : String(input.doctorDistance),
    });
    const payment = await insertPendingPayment(
      tx,
      { booking_id: booking.id, gateway, payment_method: method, amount_minor: amount, currency, customer_email: patient.email },
      // Replaced by the gateway's id once it answers; the gateway also echoes our payment id.
      `pending:${randomUUID()}`,
    );
    return { booking, payment };
  });
  const d = slotWording(ctx);
  const description = `Appointment with ${d.doctor}, ${d.date} ${d.startTime}`;
  return { patient, booking, payment, amount, currency, description, holdExpiresAt: booking.hold_expires_at! };
}

/** The gateway did not create the session or order: the payment is FAILED (the hold stays) and the patient told. */
async function failStart(deps: BookingDeps, paymentId: string, err: unknown, what: string): Promise<never> {
  await markPaymentFailed(deps.db, paymentId);
  deps.log.warn({ paymentId, err: err instanceof Error ? err.message : String(err) }, `${what} failed`);
  throw paymentGatewayError(err);
}

/** Card: an embedded checkout session for the server's amount; the client gets its client secret. */
export async function startCardCheckout(deps: BookingDeps, patientId: string, input: CheckoutInput) {
  const started = await startPayment(deps, patientId, input, 'stripe', deps.payments.cardGateway);
  let session: { id: string; clientSecret: string };
  try {
    session = await deps.payments.startCardCheckout({
      amountMinor: started.amount,
      currency: started.currency,
      description: started.description,
      customerEmail: started.patient.email,
      paymentId: started.payment.id,
      bookingId: started.booking.id,
      expiresAt: started.holdExpiresAt,
      returnUrl: `${publicUrl(deps.config)}/return?session_id={CHECKOUT_SESSION_ID}`,
    });
  } catch (err) {
    return failStart(deps, started.payment.id, err, 'checkout session');
  }
  await attachExternalId(deps.db, started.payment.id, session.id);
  return {
    clientSecret: session.clientSecret,
    sessionId: session.id,
    gateway: deps.payments.cardGateway,
    amount: started.amount,
    currency: started.currency,
    holdExpiresAt: started.holdExpiresAt.toISOString(),
  };
}

/** Wallet: an order for the server's amount that the PayPal buttons (or the sandbox wallet window) approve. */
export async function startWalletCheckout(deps: BookingDeps, patientId: string, input: CheckoutInput) {
  const started = await startPayment(deps, patientId, input, 'paypal', deps.payments.walletGateway);
  let order: { id: string };
  try {
    order = await deps.payments.startWalletOrder({
      amountMinor: started.amount,
      currency: started.currency,
      description: started.description,
      paymentId: started.payment.id,
    });
  } catch (err) {
    return failStart(deps, started.payment.id, err, 'wallet order');
  }
  await attachExternalId(deps.db, started.payment.id, order.id);
  return {
    orderID: order.id,
    gateway: deps.payments.walletGateway,
    amount: started.amount,
    currency: started.currency,
    holdExpiresAt: started.holdExpiresAt.toISOString(),
  };
}
