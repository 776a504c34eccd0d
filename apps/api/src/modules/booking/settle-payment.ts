import { NotFoundError } from '../../lib/errors';
import { enqueueMail } from '../mail/mail.service';
import { platformFee } from '../payouts/payouts.service';
import type { GatewayEvent, GatewayOutcome } from '../payments/payments.types';
import {
  activeBookingForSlot,
  expireStaleHolds,
  findBooking,
  loadSlotContext,
  lockSlot,
  markBooked,
  patientById,
  releaseHoldWithoutOpenPayment,
} from './booking.repository';
import type { BookingDeps, PaymentRecordStatus } from './booking.types';
import { cancelLinkUrl } from './booking-link';
import { confirmationMail, providerNoticeMail } from './confirmation-mail';
import { publicUrl, type MailPeople } from './mail-layout';
import { consumeCodes } from './otp.repository';
import {
  adoptExternalId,
  lockPayment,
  markPaymentCompleted,
  markPaymentFailed,
  markRefundDue,
  paymentByExternalId,
  type PaymentRow,
} from './payment-records.repository';
import { refundMail } from './refund-mail';
import { planReminders } from './reminders.repository';
import { leaveOnBooking } from './waitlist.repository';

/**
 * THE settle path (decision 011): every entry point — verify-payment, the status polls, the webhooks and the
 * sandbox's own events — brings a PENDING payment up to date with its gateway here and, once paid, confirms the
 * booking, or refunds a payment for a slot that was lost. Safe to call any number of times, from anywhere.
 */
export async function settlePayment(deps: BookingDeps, payment: PaymentRow): Promise<PaymentRecordStatus> {
  if (payment.status !== 'PENDING') return payment.status as PaymentRecordStatus;
  if (payment.external_id.startsWith('pending:')) return 'PENDING';
  const outcome = await deps.payments.outcomeOf(payment);
  if (outcome.kind === 'pending') return 'PENDING';
  if (outcome.kind === 'failed') return failPayment(deps, payment, outcome.releaseHold);
  return confirmOrRefund(deps, payment.id, outcome);
}

/**
 * A gateway event (handed over by the payments module): the payment it is about is settled. A payment whose
 * gateway id we never stored (a crash right after creating it) is found by the id the gateway echoes back.
 * Answers false when no payment matches.
 */
export async function settlePaymentEvent(deps: BookingDeps, event: GatewayEvent): Promise<boolean> {
  let payment = await paymentByExternalId(deps.db, event.gateway, event.externalId!);
  if (!payment && event.metadata?.payment_id) payment = await adoptExternalId(deps.db, event.metadata.payment_id, event.externalId!);
  if (!payment) return false;
  await settlePayment(deps, payment);
  return true;
}

async function failPayment(deps: BookingDeps, payment: PaymentRow, releaseHold: boolean): Promise<PaymentRecordStatus> {
  return deps.db.transaction(async (tx) => {
    const p = await lockPayment(tx, payment.id);
    if (!p || p.status !== 'PENDING') return (p?.status ?? 'FAILED') as PaymentRecordStatus;
    await markPaymentFailed(tx, p.id);
    if (releaseHold) await releaseHoldWithoutOpenPayment(tx, p.booking_id);
    return 'FAILED' as const;
  });
}

type Paid = Extract<GatewayOutcome, { kind: 'paid' }>;

/**
 * Payment success. In ONE transaction (payment row lock, then slot row lock): the hold becomes Booked, the payment
 * COMPLETED, the code used up and the confirmation queued — or, when the slot was lost, the amount differs, or the
 * booking is already paid, the payment becomes REFUND_PENDING with the patient's refund e-mail.
 */
async function confirmOrRefund(deps: BookingDeps, paymentId: string, paid: Paid): Promise<PaymentRecordStatus> {
  const status = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const p = await lockPayment(tx, paymentId);
    if (!p) throw new NotFoundError('Payment not found.');
    if (p.status !== 'PENDING') return p.status as PaymentRecordStatus;
    const first = (await findBooking(tx, p.booking_id))!;
    const slot = await lockSlot(tx, first.slot_id);
    await expireStaleHolds(tx, first.slot_id, now);
    const booking = (await findBooking(tx, p.booking_id, { lock: true }))!;
    const ctx = (await loadSlotContext(tx, booking.slot_id))!;
    const patient = booking.patient_id ? await patientById(tx, booking.patient_id) : null;
    const amountMatches = paid.amountMinor === p.amount_minor && paid.currency.toUpperCase() === p.currency;
    let confirm = false;
    if (amountMatches && slot && slot.status === 'open' && slot.starts_at > now) {
      if (booking.status === 'Held') confirm = true;
      else if (booking.status === 'Expired') confirm = !(await activeBookingForSlot(tx, slot.id));
    }
    const people: MailPeople | null = patient?.email
      ? { patient: { ...patient, email: patient.email }, from: deps.config.MAIL_FROM, publicUrl: publicUrl(deps.config) }
      : null;
    if (confirm) {
      const booked = await markBooked(tx, booking.id, { payment_method: p.payment_method, amount_minor: p.amount_minor }, now);
      await markPaymentCompleted(
        tx,
        p.id,
        {
          capture_id: paid.captureId,
          customer_email: paid.email ?? p.customer_email,
          platform_fee_minor: platformFee(p.amount_minor, deps.config),
        },
        now,
      );
      if (booking.patient_id) await consumeCodes(tx, booking.patient_id, now);
      await planReminders(tx, booked.id, ctx.slot.starts_at, now);
      if (booking.patient_id) await leaveOnBooking(tx, booking.patient_id, booking.provider_id);
      if (people) {
        await enqueueMail(
          tx,
          confirmationMail(ctx, booked, people, { cancel: cancelLinkUrl(deps.config, people.publicUrl, booked.id, ctx.slot.starts_at) }),
        );
        const notice = providerNoticeMail(ctx, booked, people);
        if (notice) await enqueueMail(tx, notice);
      }
      return 'COMPLETED' as const;
    }
    await markRefundDue(tx, p.id, {
      capture_id: paid.captureId,
      amount_minor: paid.amountMinor,
      customer_email: paid.email ?? p.customer_email,
    });
    if (people) await enqueueMail(tx, refundMail(ctx, booking, people, paid.amountMinor));
    return 'REFUND_PENDING' as const;
  });
  deps.kickOutbox();
  // A booking made less than 24 hours ahead has its reminder due now.
  if (status === 'COMPLETED') deps.kickReminders();
  if (status === 'REFUND_PENDING') deps.payments.refundsDue();
  return status;
}
