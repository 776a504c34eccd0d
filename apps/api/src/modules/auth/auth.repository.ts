import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { emailTokens, patients, refreshTokens } from '../../db/schema/identity';
import { providers } from '../../db/schema/providers';
import type { UserType } from '@careslot/contracts/auth';
import { hashToken, newOpaqueToken } from './auth.tokens';

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'resend_verification';

/** A patient or provider who can sign in, in one shape. */
export interface Account {
  type: UserType;
  id: string;
  email: string;
  first_name: string;
  password_hash: string | null;
  email_verified: boolean;
  /** A provider's region (a provider works in one); null for patients. */
  region: 'uk' | 'usa' | null;
}

type PatientRow = typeof patients.$inferSelect;
type ProviderRow = typeof providers.$inferSelect;

function patientAccount(row: PatientRow | undefined): Account | null {
  return row?.email
    ? {
        type: 'patient',
        id: row.id,
        email: row.email,
        first_name: row.first_name,
        password_hash: row.password_hash,
        email_verified: !!row.email_verified_at,
        region: null,
      }
    : null;
}

function providerAccount(row: ProviderRow | undefined): Account | null {
  return row?.email
    ? {
        type: 'provider',
        id: row.id,
        email: row.email,
        first_name: row.first_name,
        password_hash: row.password_hash,
        email_verified: row.email_verified,
        region: row.region === 'usa' ? 'usa' : 'uk',
      }
    : null;
}

/** A signed-up account by e-mail; deleted patients are gone. */
export async function findAccountByEmail(q: Queryable, type: UserType, email: string): Promise<Account | null> {
  if (type === 'patient') {
    const [row] = await q
      .select()
      .from(patients)
      .where(and(eq(patients.email, email), isNull(patients.deleted_at)))
      .limit(1);
    return patientAccount(row);
  }
  const [row] = await q.select().from(providers).where(eq(providers.email, email)).limit(1);
  return providerAccount(row);
}

export async function findAccountById(q: Queryable, type: UserType, id: string): Promise<Account | null> {
  if (type === 'patient') {
    const [row] = await q
      .select()
      .from(patients)
      .where(and(eq(patients.id, id), isNull(patients.deleted_at)))
      .limit(1);
    return patientAccount(row);
  }
  const [row] = await q.select().from(providers).where(eq(providers.id, id)).limit(1);
  return providerAccount(row);
}

/** A new, unconfirmed patient account; its id. */
export async function insertPatient(q: Queryable, values: typeof patients.$inferInsert): Promise<string> {
  const [row] = await q.insert(patients).values(values).returning({ id: patients.id });
  return row!.id;
}

export async function markEmailVerified(q: Queryable, type: UserType, id: string): Promise<void> {
  if (type === 'patient') {
    await q
      .update(patients)
      .set({ email_verified_at: sql`coalesce(${patients.email_verified_at}, now())`, updatedAt: sql`now()` })
      .where(eq(patients.id, id));
  } else {
    await q
      .update(providers)
      .set({ email_verified: true, updatedAt: sql`now()` })
      .where(eq(providers.id, id));
  }
}

export async function setPasswordHash(q: Queryable, type: UserType, id: string, passwordHash: string): Promise<void> {
  if (type === 'patient') {
    await q
      .update(patients)
      .set({ password_hash: passwordHash, updatedAt: sql`now()` })
      .where(eq(patients.id, id));
  } else {
    await q
      .update(providers)
      .set({ password_hash: passwordHash, updatedAt: sql`now()` })
      .where(eq(providers.id, id));
  }
}

// ---- e-mailed single-use tokens ----

export async function createEmailToken(
  q: Queryable,
  purpose: EmailTokenPurpose,
  subject: { type: string; id: string },
  ttlMs: number,
): Promise<string> {
  const token = newOpaqueToken();
  await q.insert(emailTokens).values({
    token_hash: hashToken(token),
    purpose,
    subject_type: subject.type,
    subject_id: subject.id,
    expires_at: new Date(Date.now() + ttlMs),
  });
  return token;
}

export type EmailTokenState = 'valid' | 'used' | 'expired' | 'unknown';

export async function inspectEmailToken(q: Queryable, purpose: EmailTokenPurpose, token: string) {
  const [row] = await q
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.token_hash, hashToken(token)), eq(emailTokens.purpose, purpose)))
    .limit(1);
  if (!row) return { state: 'unknown' as EmailTokenState, row: null };
  const state: EmailTokenState = row.used_at ? 'used' : row.expires_at.getTime() <= Date.now() ? 'expired' : 'valid';
  return { state, row };
}

/** Marks the token used if and only if it is still valid; one caller wins a race. */
export async function consumeEmailToken(q: Queryable, purpose: EmailTokenPurpose, token: string) {
  const [row] = await q
    .update(emailTokens)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(emailTokens.token_hash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.used_at),
        gt(emailTokens.expires_at, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/** Retires every outstanding token of a purpose for a subject (a new reset link voids the older ones). */
export async function retireEmailTokens(q: Queryable, purpose: EmailTokenPurpose, subject: { type: string; id: string }) {
  await q
    .update(emailTokens)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(emailTokens.purpose, purpose),
        eq(emailTokens.subject_type, subject.type),
        eq(emailTokens.subject_id, subject.id),
        isNull(emailTokens.used_at),
      ),
    );
}

// ---- refresh tokens ----

export async function insertRefreshToken(
  q: Queryable,
  values: { familyId: string; subjectType: string; subjectId: string; token: string; expiresAt: Date },
) {
  await q.insert(refreshTokens).values({
    family_id: values.familyId,
    subject_type: values.subjectType,
    subject_id: values.subjectId,
    token_hash: hashToken(values.token),
    expires_at: values.expiresAt,
  });
}

/** Marks a refresh token used if it is live; returns it, or null when it was not. */
export async function useRefreshToken(q: Queryable, token: string) {
  const [row] = await q
    .update(refreshTokens)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(refreshTokens.token_hash, hashToken(token)),
        isNull(refreshTokens.used_at),
        isNull(refreshTokens.revoked_at),
        gt(refreshTokens.expires_at, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findRefreshToken(q: Queryable, token: string) {
  const [row] = await q
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

/**
 * The token if it was rotated less than `seconds` ago and is still the newest rotation of its family (no token of the
 * family was rotated after it): the mark of a refresh whose answer never reached the browser, or of two tabs refreshing
 * at once — not of a replay, which comes after the family has moved on (decision 086).
 */
export async function findJustRotated(q: Queryable, token: string, seconds: number) {
  const [row] = await q
    .select()
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.token_hash, hashToken(token)),
        isNull(refreshTokens.revoked_at),
        gt(refreshTokens.expires_at, sql`now()`),
        gt(refreshTokens.used_at, sql`now() - make_interval(secs => ${seconds})`),
        sql`not exists (select 1 from refresh_tokens later
          where later.family_id = ${refreshTokens.family_id} and later.used_at > ${refreshTokens.used_at})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function revokeFamily(q: Queryable, familyId: string): Promise<void> {
  await q
    .update(refreshTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
}

/** Signs the subject out everywhere. */
export async function revokeAllForSubject(q: Queryable, subjectType: string, subjectId: string): Promise<void> {
  await q
    .update(refreshTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(refreshTokens.subject_type, subjectType), eq(refreshTokens.subject_id, subjectId), isNull(refreshTokens.revoked_at)));
}

/** Sign-ins still open for a subject: neither revoked nor rotated away (the data export lists them). */
export async function listLiveRefreshTokens(q: Queryable, subjectType: string, subjectId: string) {
  return q
    .select({ created_at: refreshTokens.createdAt, expires_at: refreshTokens.expires_at })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.subject_type, subjectType),
        eq(refreshTokens.subject_id, subjectId),
        isNull(refreshTokens.revoked_at),
        isNull(refreshTokens.used_at),
      ),
    );
}
