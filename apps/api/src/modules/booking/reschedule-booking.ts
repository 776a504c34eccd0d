import { historyMessages } from '@careslot/contracts/appointments';
import { bookingMessages } from '@careslot/contracts/booking';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { isSlotFree } from '../availability/availability.service';
import { enqueueMail } from '../mail/mail.service';
import { expireStaleHolds, loadSlotContext, lockSlot, patientById } from './booking.repository';
import type { BookingDeps } from './booking.types';
import { policyOf, slotOfRequest } from './cancel-booking';
import { publicUrl } from './mail-layout';
import { bookingToCancel } from './provider-bookings.repository';
import { providerRescheduleMail, rescheduleMail } from './reschedule-mail';
import { planReminders } from './reminders.repository';
import { moveBooking } from './reschedule.repository';
import { notifyWaitlist } from './waitlist';

export interface RescheduleRequest {
  patientId: string;
  providerId: string;
  region: string;
  /** The booked appointment and the target, DD/MM/YYYY and 'h:mm AM/PM' in the clinic's zone. */
  date: string;
  startTime: string;
  newDate: string;
  newStartTime: string;
}

export interface RescheduleOutcome {
  id: string;
  status: 'Booked';
  date: string;
  start_time: string;
}

/**
 * Moves a patient's booking to another free slot of the same provider (decision 062). In ONE transaction, both slot
 * rows locked in id order (two moves in opposite directions cannot deadlock): the booking row itself moves to the new
 * slot — its payment stays attached, the old slot is free again at once — with the calendar's next SEQUENCE, a
 * `METHOD:REQUEST` with the same UID to the patient and a notice to the provider. The target must be free by the one
 * free-slot rule; the partial unique index on active bookings is the last word, so two patients moving into one slot
 * end with one winner and one 409 'Oops! This slot is already booked.' whose booking did not move. Allowed until the
 * same cut-off as a free cancellation.
 */
export async function rescheduleBooking(deps: BookingDeps, req: RescheduleRequest): Promise<RescheduleOutcome> {
  const from = await slotOfRequest(deps, { providerId: req.providerId, region: req.region, date: req.date, startTime: req.startTime });
  const to = await slotOfRequest(deps, {
    providerId: req.providerId,
    region: req.region,
    date: req.newDate,
    startTime: req.newStartTime,
  }).catch((err: unknown) => {
    if (err instanceof NotFoundError)
      throw new NotFoundError('There is no such time in this provider’s calendar. Please pick one of the free times shown.');
    throw err;
  });
  if (from.slot.id === to.slot.id) throw new ConflictError('That is the time you already have. Please pick another one.');

  const id = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const [first, second] = from.slot.id < to.slot.id ? [from.slot.id, to.slot.id] : [to.slot.id, from.slot.id];
    await lockSlot(tx, first);
    await lockSlot(tx, second);
    const booking = await bookingToCancel(tx, from.slot.id, req.patientId);
    if (!booking) throw new NotFoundError(historyMessages.notFound);
    if (booking.status !== 'Booked' || from.slot.starts_at <= now)
      throw new ConflictError('Only an upcoming booked appointment can be moved.');
    const oldCtx = (await loadSlotContext(tx, from.slot.id))!;
    if (!policyOf(oldCtx, booking, now).refundable) {
      throw new ConflictError(
        `Appointments can be moved until ${oldCtx.provider.cancellation_cutoff_hours} hours before they start. Please contact the clinic.`,
      );
    }
    await expireStaleHolds(tx, to.slot.id, now);
    if (!(await isSlotFree(tx, to.slot.id, now))) throw new ConflictError(bookingMessages.slotTaken);
    const moved = await moveBooking(tx, booking.id, to.slot.id, booking.ics_sequence + 1, now);
    if (!moved) throw new ConflictError(bookingMessages.slotTaken);
    await planReminders(tx, moved.id, to.slot.starts_at, now);
    await notifyWaitlist(tx, deps, oldCtx, booking.patient_id);

    const patient = booking.patient_id ? await patientById(tx, booking.patient_id) : null;
    if (patient?.email) {
      const newCtx = (await loadSlotContext(tx, to.slot.id))!;
      const people = { patient: { ...patient, email: patient.email }, from: deps.config.MAIL_FROM, publicUrl: publicUrl(deps.config) };
      await enqueueMail(tx, rescheduleMail(oldCtx, newCtx, moved, people));
      const notice = providerRescheduleMail(oldCtx, newCtx, people);
      if (notice) await enqueueMail(tx, notice);
    }
    return booking.id;
  });
  deps.kickOutbox();
  deps.kickReminders();
  return { id, status: 'Booked', date: req.newDate, start_time: req.newStartTime };
}
