import type { BookingAttempt } from '@careslot/contracts/booking';
import { parseDateText, toTwentyFourHour } from '@careslot/contracts/time';
import type { Queryable } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { findSlotByLocalTime, patientById, type SlotContext } from './booking.repository';

/**
 * The slot behind a booking attempt (provider, region, DD/MM/YYYY date and time), or 404. The key binds one-time
 * codes to patient + attempt.
 */
export async function resolveAttempt(db: Queryable, attempt: BookingAttempt): Promise<{ ctx: SlotContext; attemptKey: string }> {
  if (!parseDateText(attempt.bookedDate)) throw new ValidationError('bookedDate: is not a real date', { bookedDate: 'is not a real date' });
  const raw = attempt.timeSlot.trim();
  const time24 = /^\d{2}:\d{2}$/.test(raw) ? (/^([01]\d|2[0-3]):[0-5]\d$/.test(raw) ? raw : null) : toTwentyFourHour(raw);
  if (!time24) throw new ValidationError('timeSlot: is not a valid time', { timeSlot: 'is not a valid time' });
  const ctx = await findSlotByLocalTime(db, attempt.providerId, attempt.providerRegion, attempt.bookedDate, time24);
  if (!ctx) throw new NotFoundError('This provider has no slot at that date and time.');
  return { ctx, attemptKey: `${attempt.providerId}|${attempt.providerRegion}|${attempt.bookedDate}|${time24}` };
}

/** The booking patient, who must still have an account with an e-mail address. */
export async function patientOrFail(db: Queryable, patientId: string) {
  const patient = await patientById(db, patientId);
  if (!patient || !patient.email || patient.deleted_at) throw new NotFoundError('Your account was not found.');
  return { ...patient, email: patient.email };
}
