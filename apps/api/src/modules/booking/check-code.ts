import { bookingMessages, isOtpComplete, type OtpRefusal } from '@careslot/contracts/booking';
import type { BookingDeps } from './booking.types';
import { codeMatches, OTP_MAX_FAILED_ATTEMPTS } from './one-time-code';
import { countTry, latestCode, markVerified } from './otp.repository';

const invalid = { status: false, message: bookingMessages.invalidOtp, reason: 'invalid' } as const;

/**
 * Checks a code against the patient's latest one. A try is counted before comparing, so even parallel guesses get
 * at most five chances per code. Wrong answers are `{status:false, message, reason}`, never an error status: the
 * checkout says 'Invalid OTP' for a wrong code, and the server's message when the code expired or is locked.
 */
export async function checkCode(
  deps: Pick<BookingDeps, 'db' | 'config'>,
  patientId: string,
  otp: string,
): Promise<{ status: boolean; message?: string; reason?: OtpRefusal }> {
  const { db, config } = deps;
  const latest = await latestCode(db, patientId);
  const now = new Date();
  if (!latest || latest.consumed_at) return invalid;
  if (!isOtpComplete(otp)) return invalid;
  if (latest.verified_at) return codeMatches(config, latest, otp) ? { status: true } : invalid;
  if (latest.expires_at <= now) return { status: false, message: bookingMessages.otpExpired, reason: 'expired' };
  if (!(await countTry(db, latest.id, OTP_MAX_FAILED_ATTEMPTS))) {
    return { status: false, message: bookingMessages.otpLocked, reason: 'locked' };
  }
  if (!codeMatches(config, latest, otp)) return invalid;
  await markVerified(db, latest.id, now);
  return { status: true };
}
