import { bookingMessages } from '@careslot/contracts/booking';
import { historyMessages } from '@careslot/contracts/appointments';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { describeSlot } from '../availability/availability.service';
import { patientOrFail } from './booking-attempt';
import { findBooking, loadSlotContext, releaseOwnHold } from './booking.repository';
import type { BookingDeps, HeldAppointment } from './booking.types';
import { cancelLinkedBooking, type CancelOutcome } from './cancel-booking';
import { holdSlot, OTP_HOLD_MINUTES } from './hold-slot';
import { publicUrl } from './mail-layout';
import { rescheduleBooking } from './reschedule-booking';

/**
 * A patient's appointments by booking and slot id, for callers other than the web checkout (the FHIR door,
 * docs/fhir.md). Each goes through the web's own steps: the same hold, cancellation and move, so one booking per
 * slot, the cut-off policy, refunds and e-mails are the web's.
 */

/** Where the patient pays for a held slot: the web checkout of that provider, date and time. */
export function checkoutUrl(
  deps: Pick<BookingDeps, 'config'>,
  ctx: { provider: { id: string; region: string }; slot: { starts_at: Date; ends_at: Date }; hospital: { time_zone: string } },
): string {
  const d = describeSlot(ctx.slot.starts_at, ctx.slot.ends_at, ctx.hospital.time_zone);
  const query = new URLSearchParams({ region: ctx.provider.region, date: d.date, time: d.time, distance: '0' });
  return `${publicUrl(deps.config)}/appointment/${ctx.provider.id}?${query}`;
}

/**
 * Holds the slot for this patient exactly as the checkout's code step does (OTP_HOLD_MINUTES, the same row lock and
 * unique index): a slot someone else holds or booked is a 409 with the web's message.
 */
export async function holdSlotForPatient(deps: BookingDeps, patientId: string, slotId: number): Promise<HeldAppointment> {
  const patient = await patientOrFail(deps.db, patientId);
  const ctx = await loadSlotContext(deps.db, slotId);
  if (!ctx || ctx.provider.verification_status !== 'Verified') throw new NotFoundError('That slot does not exist.');
  const booking = await deps.db.transaction((tx) => holdSlot(tx, ctx, patient.id, OTP_HOLD_MINUTES));
  return { bookingId: booking.id, holdExpiresAt: booking.hold_expires_at!, checkoutUrl: checkoutUrl(deps, ctx) };
}

/**
 * Cancels the patient's own appointment by its id: a booked one under the web's cut-off policy, refund and e-mails
 * (the same path as the e-mailed cancel link); a hold not yet paid for is released, so the slot is free again.
 */
export async function cancelForPatient(
  deps: BookingDeps,
  patientId: string,
  bookingId: string,
  reason: string | null,
): Promise<CancelOutcome> {
  const booking = await findBooking(deps.db, bookingId);
  if (!booking || booking.patient_id !== patientId) throw new NotFoundError(historyMessages.notFound);
  if (booking.status === 'Held') {
    if (!(await releaseOwnHold(deps.db, booking.id, patientId, new Date())))
      throw new ConflictError('A payment for this appointment is in progress. Please wait for it to finish, then cancel.');
    return { id: booking.id, status: 'Expired', refund: null };
  }
  if (booking.status === 'Expired') throw new ConflictError(historyMessages.alreadyCancelled);
  return cancelLinkedBooking(deps, booking.id, { reason });
}

/** Moves the patient's booked appointment to another slot of the same provider, by the web's reschedule rules. */
export async function rescheduleForPatient(deps: BookingDeps, patientId: string, bookingId: string, toSlotId: number) {
  const booking = await findBooking(deps.db, bookingId);
  if (!booking || booking.patient_id !== patientId) throw new NotFoundError(historyMessages.notFound);
  const [from, to] = [await loadSlotContext(deps.db, booking.slot_id), await loadSlotContext(deps.db, toSlotId)];
  if (!from || !to) throw new NotFoundError(historyMessages.notFound);
  if (to.provider.id !== from.provider.id)
    throw new ConflictError('An appointment can only be moved to another time of the same provider.');
  if (booking.status !== 'Booked')
    throw new ConflictError(booking.status === 'Held' ? bookingMessages.slotTaken : 'Only an upcoming booked appointment can be moved.');
  const a = describeSlot(from.slot.starts_at, from.slot.ends_at, from.hospital.time_zone);
  const b = describeSlot(to.slot.starts_at, to.slot.ends_at, to.hospital.time_zone);
  return rescheduleBooking(deps, {
    patientId,
    providerId: from.provider.id,
    region: from.provider.region,
    date: a.date,
    startTime: a.time,
    newDate: b.date,
    newStartTime: b.time,
  });
}
