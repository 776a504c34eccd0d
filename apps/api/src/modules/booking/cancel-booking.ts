import { afterBookingMessages, cancellationPolicy, type CancellationPolicy } from '@careslot/contracts/after-booking';
import { historyMessages } from '@careslot/contracts/appointments';
import { formatAmount } from '@careslot/contracts/money';
import { parseDateText, toTwentyFourHour } from '@careslot/contracts/time';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { withdrawSlotWith } from '../availability/availability.service';
import { enqueueMail } from '../mail/mail.service';
import {
  findBooking,
  findSlotByLocalTime,
  loadSlotContext,
  lockSlot,
  patientById,
  type BookingRow,
  type SlotContext,
} from './booking.repository';
import type { BookingDeps } from './booking.types';
import { cancellationMail, providerCancellationMail } from './cancellation-mail';
import { publicUrl } from './mail-layout';
import { dropReminders } from './reminders.repository';
import { notifyWaitlist } from './waitlist';
import { bookingToCancel, markCancelled, queueFullRefund, refundOfBooking } from './provider-bookings.repository';

/**
 * Who cancels. The provider cancels any of their own booked appointments (always refunded in full); the patient
 * cancels their own under the provider's cut-off policy, and tells which terms their screen showed (`expectedRefund`).
 */
export type Canceller =
  { kind: 'provider'; providerId: string } | { kind: 'patient'; patientId: string; expectedRefund?: 'refund' | 'no_refund' };

/** The appointment, as the history rows and the patient's list name it: its patient, provider, date and start time. */
export interface CancelRequest {
  patientId: string;
  providerId: string;
  region: string;
  /** DD/MM/YYYY and 'h:mm AM/PM' in the clinic's zone. */
  date: string;
  startTime: string;
  reason: string | null;
}

export interface CancelOutcome {
  id: string;
  status: string;
  refund: { amount: string; currency: string } | null;
}

/** The patient's cancellation terms for a booking at `now` (decision 060). */
export function policyOf(
  ctx: Pick<SlotContext, 'slot' | 'provider'>,
  booking: Pick<BookingRow, 'amount_minor'>,
  now: Date,
): CancellationPolicy {
  return cancellationPolicy(ctx.slot.starts_at, now, ctx.provider.cancellation_cutoff_hours, booking.amount_minor);
}

/** Finds the slot the request names (400 for an impossible date or time, 404 when there is none). */
export async function slotOfRequest(deps: Pick<BookingDeps, 'db'>, req: Omit<CancelRequest, 'reason' | 'patientId'>) {
  if (!parseDateText(req.date)) throw new ValidationError('That date does not exist.', { date: 'Please give a real date as DD/MM/YYYY.' });
  const time24 = toTwentyFourHour(req.startTime);
  if (!time24) throw new ValidationError('That time is not valid.', { start_time: 'Please give the time as h:mm AM/PM.' });
  const found = await findSlotByLocalTime(deps.db, req.providerId, req.region, req.date, time24);
  if (!found) throw new NotFoundError(historyMessages.notFound);
  return found;
}

/** Cancels the appointment named by its patient, provider, date and start time (the PUT call). */
export async function cancelBooking(deps: BookingDeps, canceller: Canceller, req: CancelRequest): Promise<CancelOutcome> {
  if (canceller.kind === 'provider' && canceller.providerId !== req.providerId) throw new ForbiddenError(historyMessages.onlyOwnProvider);
  if (canceller.kind === 'patient' && canceller.patientId !== req.patientId)
    throw new ForbiddenError('You can cancel only your own appointments.');
  const found = await slotOfRequest(deps, req);
  return cancelInSlot(deps, canceller, found.slot.id, req.patientId, req.reason);
}

/** Cancels the booking a signed e-mail link names, as its patient. */
export async function cancelLinkedBooking(
  deps: BookingDeps,
  bookingId: string,
  input: { reason: string | null; expectedRefund?: 'refund' | 'no_refund' },
): Promise<CancelOutcome> {
  const booking = await findBooking(deps.db, bookingId);
  if (!booking?.patient_id) throw new NotFoundError(historyMessages.notFound);
  const canceller: Canceller = { kind: 'patient', patientId: booking.patient_id, expectedRefund: input.expectedRefund };
  return cancelInSlot(deps, canceller, booking.slot_id, booking.patient_id, input.reason);
}

/**
 * Cancels a booked appointment. In ONE transaction under the slot's row lock, then the booking's:
 * - provider: 'Cancelled by Doctor' with who and why, the slot withdrawn (the provider will not be there), a full
 *   refund queued for the gateway that took the payment, the patient's e-mail with the reason and the refund;
 * - patient: 'Cancelled by Patient', the slot left open so others can book it, a full refund queued only when the
 *   cut-off has not passed (to the second, decision 060), the patient's e-mail stating the refund (or that the fee
 *   is kept) and a notice to the provider.
 * Both e-mails to the patient carry the calendar cancellation (same UID, next SEQUENCE). Repeating the call changes
 * nothing: the provider's repeat finds the booking cancelled and answers 409; the patient's repeat answers what the
 * first call did (200), so ten retries refund once and e-mail once.
 */
async function cancelInSlot(
  deps: BookingDeps,
  canceller: Canceller,
  slotId: number,
  patientId: string,
  reason: string | null,
): Promise<CancelOutcome> {
  const byPatient = canceller.kind === 'patient';
  const status = byPatient ? 'Cancelled by Patient' : 'Cancelled by Doctor';
  const outcome = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const slot = await lockSlot(tx, slotId);
    const booking = await bookingToCancel(tx, slotId, patientId);
    if (!slot || !booking) throw new NotFoundError(historyMessages.notFound);
    if (byPatient && booking.status === 'Cancelled by Patient') {
      const refund = await refundOfBooking(tx, booking.id);
      return {
        id: booking.id,
        status,
        refund: refund && { amount: formatAmount(refund.amount_minor), currency: refund.currency },
        repeat: true,
      };
    }
    if (booking.status.startsWith('Cancelled')) throw new ConflictError(historyMessages.alreadyCancelled);
    if (booking.status !== 'Booked' || slot.starts_at <= now) throw new ConflictError(historyMessages.alreadyHappened);
    const ctx = (await loadSlotContext(tx, slot.id))!;

    let refunds = true;
    if (byPatient) {
      const policy = policyOf(ctx, booking, now);
      const shown = canceller.expectedRefund;
      if (shown && (shown === 'refund') !== policy.refundable) throw new ConflictError(afterBookingMessages.termsChanged);
      refunds = policy.refundable;
    }

    await markCancelled(tx, booking.id, { status, cancelling_person: canceller.kind, reason, sequence: booking.ics_sequence + 1 }, now);
    if (!byPatient) await withdrawSlotWith(tx, slot.id);
    await dropReminders(tx, booking.id);
    // The slot is open again: whoever waits for its day hears of it, in join order.
    if (byPatient) await notifyWaitlist(tx, deps, ctx, booking.patient_id);
    const refund = refunds ? await queueFullRefund(tx, booking.id) : null;
    const patient = booking.patient_id ? await patientById(tx, booking.patient_id) : null;
    if (patient?.email) {
      const people = { patient: { ...patient, email: patient.email }, from: deps.config.MAIL_FROM, publicUrl: publicUrl(deps.config) };
      // The mail is built from the booking as it was: the invitation carries its next SEQUENCE.
      await enqueueMail(
        tx,
        cancellationMail(ctx, booking, people, {
          cancelledBy: canceller.kind,
          reason,
          refundMinor: refund?.amount_minor,
          feeKept: byPatient && !refunds,
        }),
      );
      if (byPatient) {
        const notice = providerCancellationMail(ctx, people, reason);
        if (notice) await enqueueMail(tx, notice);
      }
    }
    return {
      id: booking.id,
      status,
      refund: refund ? { amount: formatAmount(refund.amount_minor), currency: refund.currency } : null,
      repeat: false,
    };
  });
  const { repeat, ...answer } = outcome;
  if (!repeat) {
    deps.kickOutbox();
    if (answer.refund) deps.payments.refundsDue();
  }
  return answer;
}
