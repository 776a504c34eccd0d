import { historyMessages } from '@careslot/contracts/appointments';
import { formatAmount } from '@careslot/contracts/money';
import { parseDateText, toTwentyFourHour } from '@careslot/contracts/time';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { withdrawSlotWith } from '../availability/availability.service';
import { enqueueMail } from '../mail/mail.service';
import { findSlotByLocalTime, loadSlotContext, lockSlot, patientById } from './booking.repository';
import type { BookingDeps } from './booking.types';
import { cancellationMail } from './cancellation-mail';
import { publicUrl } from './mail-layout';
import { bookingToCancel, markCancelled, queueFullRefund } from './provider-bookings.repository';

/**
 * Who cancels. The provider cancels any of their own booked appointments; the patient's cancellation (with its
 * policy) is another step that will add its own member here.
 */
export type Canceller = { kind: 'provider'; providerId: string };

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

/**
 * Cancels a booked appointment. In ONE transaction under the slot's row lock: the booking becomes 'Cancelled by
 * Doctor' with who and why, the slot is withdrawn (the provider will not be there, so nobody may book it), a full
 * refund of the payment is queued for the gateway that took it, and the patient's e-mail with the reason, the refund
 * and the calendar cancellation (same UID, next SEQUENCE) is queued. Repeating the call changes nothing: the second
 * finds the booking cancelled and answers 409, so the patient is refunded and told once.
 */
export async function cancelBooking(deps: BookingDeps, canceller: Canceller, req: CancelRequest): Promise<CancelOutcome> {
  if (canceller.providerId !== req.providerId) throw new ForbiddenError(historyMessages.onlyOwnProvider);
  if (!parseDateText(req.date)) throw new ValidationError('That date does not exist.', { date: 'Please give a real date as DD/MM/YYYY.' });
  const time24 = toTwentyFourHour(req.startTime);
  if (!time24) throw new ValidationError('That time is not valid.', { start_time: 'Please give the time as h:mm AM/PM.' });
  const found = await findSlotByLocalTime(deps.db, req.providerId, req.region, req.date, time24);
  if (!found) throw new NotFoundError(historyMessages.notFound);

  const outcome = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const slot = await lockSlot(tx, found.slot.id);
    const booking = await bookingToCancel(tx, found.slot.id, req.patientId);
    if (!slot || !booking) throw new NotFoundError(historyMessages.notFound);
    if (booking.status.startsWith('Cancelled')) throw new ConflictError(historyMessages.alreadyCancelled);
    if (booking.status !== 'Booked' || slot.starts_at <= now) throw new ConflictError(historyMessages.alreadyHappened);

    await markCancelled(
      tx,
      booking.id,
      { status: 'Cancelled by Doctor', cancelling_person: 'provider', reason: req.reason, sequence: booking.ics_sequence + 1 },
      now,
    );
    await withdrawSlotWith(tx, slot.id);
    const refund = await queueFullRefund(tx, booking.id);
    const patient = booking.patient_id ? await patientById(tx, booking.patient_id) : null;
    if (patient?.email) {
      const ctx = (await loadSlotContext(tx, slot.id))!;
      const people = { patient: { ...patient, email: patient.email }, from: deps.config.MAIL_FROM, publicUrl: publicUrl(deps.config) };
      // The mail is built from the booking as it was: the invitation carries its next SEQUENCE.
      await enqueueMail(
        tx,
        cancellationMail(ctx, booking, people, { cancelledBy: 'provider', reason: req.reason, refundMinor: refund?.amount_minor }),
      );
    }
    return {
      id: booking.id,
      status: 'Cancelled by Doctor',
      refund: refund ? { amount: formatAmount(refund.amount_minor), currency: refund.currency } : null,
    };
  });
  deps.kickOutbox();
  if (outcome.refund) deps.payments.refundsDue();
  return outcome;
}
