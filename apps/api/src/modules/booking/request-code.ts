import { randomUUID } from 'node:crypto';
import type { BookingAttempt } from '@careslot/contracts/booking';
import { maskEmail } from '@careslot/contracts/masks';
import { enqueueMail } from '../mail/mail.service';
import { patientOrFail, resolveAttempt } from './booking-attempt';
import type { BookingDeps } from './booking.types';
import { codeMail } from './code-mail';
import { holdSlot, OTP_HOLD_MINUTES } from './hold-slot';
import { hashCode, newCode, OTP_MAX_FAILED_ATTEMPTS, OTP_RESEND_COOLDOWN_SECONDS, OTP_TTL_MINUTES } from './one-time-code';
import { consumeCodes, insertCode, latestCode } from './otp.repository';

/**
 * Step 3 of the checkout: holds the slot for this patient (10 minutes) and e-mails a one-time code bound to this
 * attempt, in one transaction. Asking again within the resend cooldown keeps the code already sent (no second e-mail):
 * the answer says whether a code was sent and from when a new one can be, so the checkout can say so.
 */
export async function requestCode(
  deps: BookingDeps,
  patientId: string,
  attempt: BookingAttempt,
): Promise<{ email: string; holdExpiresAt: Date; sent: boolean; resendAvailableAt: Date }> {
  const patient = await patientOrFail(deps.db, patientId);
  const { ctx, attemptKey } = await resolveAttempt(deps.db, attempt);
  const cooldownMs = OTP_RESEND_COOLDOWN_SECONDS * 1000;
  const outcome = await deps.db.transaction(async (tx) => {
    const held = await holdSlot(tx, ctx, patient.id, OTP_HOLD_MINUTES);
    const now = new Date();
    const latest = await latestCode(tx, patient.id);
    const reusable =
      latest &&
      latest.attempt_key === attemptKey &&
      !latest.consumed_at &&
      !latest.verified_at &&
      latest.expires_at > now &&
      latest.failed_attempts < OTP_MAX_FAILED_ATTEMPTS &&
      now.getTime() - latest.createdAt.getTime() < cooldownMs;
    if (reusable) return { held, sent: false, resendAvailableAt: new Date(latest.createdAt.getTime() + cooldownMs) };
    await consumeCodes(tx, patient.id, now);
    const id = randomUUID();
    const code = newCode();
    await insertCode(tx, {
      id,
      patient_id: patient.id,
      attempt_key: attemptKey,
      code_hash: hashCode(deps.config, id, code),
      expires_at: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
      // The same clock as the pause the answer announces.
      createdAt: now,
    });
    await enqueueMail(tx, codeMail(patient.email, code, ctx, OTP_TTL_MINUTES));
    return { held, sent: true, resendAvailableAt: new Date(now.getTime() + cooldownMs) };
  });
  if (outcome.sent) deps.kickOutbox();
  return {
    email: maskEmail(patient.email),
    holdExpiresAt: outcome.held.hold_expires_at!,
    sent: outcome.sent,
    resendAvailableAt: outcome.resendAvailableAt,
  };
}
