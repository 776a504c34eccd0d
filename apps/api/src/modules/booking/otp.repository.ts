import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { otpCodes } from '../../db/schema/booking';

export type OtpRow = typeof otpCodes.$inferSelect;

export async function latestCode(q: Queryable, patientId: string): Promise<OtpRow | null> {
  const [row] = await q
    .select()
    .from(otpCodes)
    .where(eq(otpCodes.patient_id, patientId))
    .orderBy(sql`${otpCodes.createdAt} desc`)
    .limit(1);
  return row ?? null;
}

/** Uses up every code of the patient still open (a new code replaces them; a booking consumes its code). */
export async function consumeCodes(q: Queryable, patientId: string, now: Date): Promise<void> {
  await q
    .update(otpCodes)
    .set({ consumed_at: now })
    .where(and(eq(otpCodes.patient_id, patientId), isNull(otpCodes.consumed_at)));
}

export async function insertCode(
  q: Queryable,
  /** createdAt: when it was sent (the resend pause counts from it); the database's clock when absent. */
  values: { id: string; patient_id: string; attempt_key: string; code_hash: string; expires_at: Date; createdAt?: Date },
): Promise<void> {
  await q.insert(otpCodes).values(values);
}

/** Counts one try if the code has tries left; false when it had none (so parallel guesses share the limit). */
export async function countTry(q: Queryable, codeId: string, maxFailed: number): Promise<boolean> {
  const [counted] = await q
    .update(otpCodes)
    .set({ failed_attempts: sql`${otpCodes.failed_attempts} + 1` })
    .where(and(eq(otpCodes.id, codeId), sql`${otpCodes.failed_attempts} < ${maxFailed}`))
    .returning({ id: otpCodes.id });
  return !!counted;
}

/** The right code: verified, and the try it cost is given back. */
export async function markVerified(q: Queryable, codeId: string, now: Date): Promise<void> {
  await q
    .update(otpCodes)
    .set({ verified_at: now, failed_attempts: sql`${otpCodes.failed_attempts} - 1` })
    .where(eq(otpCodes.id, codeId));
}

/** Whether the patient has a code for this attempt, verified after `cutoff` and not used up. */
export async function hasVerifiedCode(q: Queryable, patientId: string, attemptKey: string, cutoff: Date): Promise<boolean> {
  const [row] = await q
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.patient_id, patientId),
        eq(otpCodes.attempt_key, attemptKey),
        isNotNull(otpCodes.verified_at),
        isNull(otpCodes.consumed_at),
        sql`${otpCodes.verified_at} > ${cutoff}`,
      ),
    )
    .limit(1);
  return !!row;
}
