import { bookingMessages, isOtpComplete } from '@careslot/contracts/booking';
import type { BookingDeps } from './booking.types';
import { codeMatches, OTP_MAX_FAILED_ATTEMPTS } from './one-time-code';
import { countTry, latestCode, markVerified } from './otp.repository';

/**
 * Checks a code against the patient's latest one. A try is counted before comparing, so even parallel guesses get
 * at most five chances per code. Wrong answers are `{status:false, message}`, never an error status.
 */
export async function checkCode(
  deps: Pick<BookingDeps, 'db' | 'config'>,
  patientId: string,
  otp: string,
): Promise<{ status: boolean; message?: string }> {
  const { db, config } = deps;
  const latest = await latestCode(db, patientId);
  const now = new Date();
  if (!latest || latest.consumed_at) return { status: false, message: bookingMessages.invalidOtp };
  if (!isOtpComplete(otp)) return { status: false, message: bookingMessages.invalidOtp };
  if (latest.verified_at) {
    return codeMatches(config, latest, otp) ? { status: true } : { status: false, message: bookingMessages.invalidOtp };
  }
  if (latest.expires_at <= now) return { status: false, message: 'This code has expired. Please request a new one.' };
  if (!(await countTry(db, latest.id, OTP_MAX_FAILED_ATTEMPTS))) {
    return { status: false, message: 'Too many wrong codes. Please request a new one.' };
  }
  if (!codeMatches(config, latest, otp)) return { status: false, message: bookingMessages.invalidOtp };
  await markVerified(db, latest.id, now);
  return { status: true };
}
