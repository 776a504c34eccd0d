import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { Queryable } from '../../db/client';
import { ForbiddenError } from '../../lib/errors';
import { hasVerifiedCode } from './otp.repository';

/** The one-time code's rules (decision 010, docs/booking.md). */
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_FAILED_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 30;
/** A verified code allows payment attempts for this long. */
export const OTP_VERIFIED_VALID_MINUTES = 30;

/** Used only when JWT_SECRET is unset (development, one process). */
const processSecret = randomBytes(32);

/** Six digits from the OS CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes are stored as an HMAC keyed by the server secret: a leaked table alone cannot be brute-forced. */
export function hashCode(config: Pick<Config, 'JWT_SECRET'>, id: string, code: string): string {
  return createHmac('sha256', config.JWT_SECRET ?? processSecret)
    .update(`${id}:${code}`)
    .digest('hex');
}

/** Compares in constant time. */
export function codeMatches(config: Pick<Config, 'JWT_SECRET'>, row: { id: string; code_hash: string }, code: string): boolean {
  return timingSafeEqual(Buffer.from(hashCode(config, row.id, code)), Buffer.from(row.code_hash));
}

/** The server refuses a payment whose attempt has no verified, unused code. */
export async function requireVerifiedCode(db: Queryable, patientId: string, attemptKey: string): Promise<void> {
  const cutoff = new Date(Date.now() - OTP_VERIFIED_VALID_MINUTES * 60_000);
  if (!(await hasVerifiedCode(db, patientId, attemptKey, cutoff))) {
    throw new ForbiddenError('Please verify the code we e-mailed you before paying.');
  }
}
