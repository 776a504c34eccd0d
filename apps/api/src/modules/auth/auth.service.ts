import type { FastifyBaseLogger } from 'fastify';
import {
  EMAIL_NOT_VERIFIED,
  INVALID_CREDENTIALS_MESSAGE,
  type UserType,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '@careslot/contracts/auth';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { AppError, ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import type { TokenSigner } from '../../plugins/auth';
import { safeReturnPath } from '@careslot/contracts/return-path';
import { enqueueMail } from '../mail/mail.service';
import {
  consumeEmailToken,
  createEmailToken,
  findAccountByEmail,
  findAccountById,
  findRefreshToken,
  insertPatient,
  inspectEmailToken,
  listLiveRefreshTokens,
  markEmailVerified,
  retireEmailTokens,
  revokeAllForSubject,
  revokeFamily,
  setPasswordHash,
  type Account,
  type EmailTokenPurpose,
} from './auth.repository';
import { passwordChangedMail, resetPasswordMail, verificationMail } from './auth.mail';
import { startSession, type Session } from './auth.sessions';

// ---- What other modules use (patients: password change, data export, account deletion) ----
export { startSession, type Session, type SessionDeps } from './auth.sessions';
// Staff sessions (modules/staff, decision 035) keep their refresh tokens in the same rotating families.
export { openRefreshFamily, rotateRefreshFamily, SESSION_ENDED_MESSAGE } from './auth.sessions';

/** Ends the sign-in a refresh token belongs to, when it is of that subject type (staff sign-out). */
export async function endSessionByToken(q: Queryable, token: string, subjectType: UserType | 'staff'): Promise<void> {
  const known = await findRefreshToken(q, token);
  if (known && known.subject_type === subjectType) await revokeFamily(q, known.family_id);
}
export { clearSessionCookies, setSessionCookies } from './auth.cookies';
export { accountDeletedMail, passwordChangedMail } from './auth.mail';

/** Signs the subject out on every device (password change, account deletion). */
export async function signOutEverywhere(q: Queryable, subject: { type: UserType | 'staff'; id: string }): Promise<void> {
  await revokeAllForSubject(q, subject.type, subject.id);
}

/** The subject's sign-ins that are still open, oldest first as stored. */
export async function activeSessions(q: Queryable, subject: { type: UserType; id: string }) {
  return listLiveRefreshTokens(q, subject.type, subject.id);
}

/**
 * The e-mail verification of a new account, in the caller's transaction (provider registration uses the patients'
 * flow): queues the /verify link and answers the registration auth_token (re-send for a day).
 */
export async function issueEmailVerification(
  tx: Queryable,
  account: { type: UserType; id: string; email: string; first_name: string },
  origin: string,
  returnTo?: string,
): Promise<string> {
  const verifyToken = await createEmailToken(tx, 'verify_email', account, VERIFY_EMAIL_TTL_MS);
  await enqueueMail(tx, verificationMail(account.email, account.first_name, verifyLink(origin, verifyToken, returnTo)));
  return createEmailToken(tx, 'resend_verification', account, RESEND_TOKEN_TTL_MS);
}

/**
 * The e-mailed /verify link; with `returnTo` (a same-site path the request schema already checked and normalised), the
 * page the patient comes back to after signing in, carried in the link's query.
 */
function verifyLink(origin: string, token: string, returnTo: string | undefined): string {
  const link = `${origin}/verify/${token}`;
  const path = safeReturnPath(returnTo);
  return path ? `${link}?${new URLSearchParams({ returnTo: path })}` : link;
}

/** Whose registration auth_token this is, while it is valid; null otherwise. */
export async function subjectOfRegistrationToken(q: Queryable, token: string): Promise<{ type: UserType; id: string } | null> {
  const { state, row } = await inspectEmailToken(q, 'resend_verification', token);
  return state === 'valid' && row ? { type: row.subject_type as UserType, id: row.subject_id } : null;
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** What the account operations need, built once by the auth routes. */
export interface AuthDeps {
  db: Db;
  config: Config;
  tokens: TokenSigner;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Wakes the outbox worker after a transaction that queued mail. */
  kickOutbox(): void;
}

const HOUR = 3_600_000;
export const VERIFY_EMAIL_TTL_MS = 24 * HOUR;
export const RESET_PASSWORD_TTL_MS = 1 * HOUR;
/** The registration auth_token lets /modal re-send the verification e-mail for a day. */
export const RESEND_TOKEN_TTL_MS = 24 * HOUR;

/**
 * Origin for e-mailed links: PUBLIC_URL. Outside production, the request's own origin stands in.
 * In production the Host header is never used: a forged one would put the reset token in a link to
 * the attacker's site ("password reset poisoning"); an unset PUBLIC_URL gives a local link instead.
 */
export function publicOrigin(
  config: Pick<Config, 'PUBLIC_URL' | 'isProduction' | 'PORT'>,
  req: { protocol: string; host: string },
): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/$/, '');
  if (config.isProduction) return `http://localhost:${config.PORT}`;
  return `${req.protocol}://${req.host}`;
}

/** `origin` is the site's origin for the e-mailed link (publicOrigin). */
export async function registerPatient(
  deps: AuthDeps,
  input: z.output<typeof registerRequestSchema>,
  origin: string,
): Promise<{ auth_token: string }> {
  const existing = await findAccountByEmail(deps.db, 'patient', input.email);
  if (existing) throw duplicateEmail();
  const passwordHash = await hashPassword(input.password);
  try {
    const authToken = await deps.db.transaction(async (tx) => {
      const id = await insertPatient(tx, {
        email: input.email,
        password_hash: passwordHash,
        first_name: input.first_name,
        last_name: input.last_name,
        phone_number: input.phone_number,
        date_of_birth: input.date_of_birth,
        temp_distance: input.temp_distance ?? null,
      });
      return issueEmailVerification(tx, { type: 'patient', id, email: input.email, first_name: input.first_name }, origin, input.returnTo);
    });
    deps.kickOutbox();
    return { auth_token: authToken };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateEmail();
    throw err;
  }
}

function duplicateEmail() {
  return new ConflictError('An account with this e-mail address already exists. Sign in, or reset your password if you have forgotten it.');
}

/** Same answer, and about the same time, for an unknown e-mail and a wrong password. */
export async function login(deps: AuthDeps, email: string, password: string, type: UserType): Promise<Session> {
  const account = await findAccountByEmail(deps.db, type, email);
  const ok = await verifyPassword(account?.password_hash ?? (await dummyPasswordHash()), password);
  if (!account || !account.password_hash || !ok) throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
  if (!account.email_verified) {
    // Only someone who knows the password learns the account is unconfirmed.
    const authToken = await createEmailToken(deps.db, 'resend_verification', account, RESEND_TOKEN_TTL_MS);
    throw new AppError(403, 'Please confirm your e-mail address first. We can send you a new verification link.', EMAIL_NOT_VERIFIED, {
      auth_token: authToken,
    });
  }
  return startSession(deps, deps.db, account);
}

export async function demoLogin(deps: AuthDeps): Promise<Session> {
  if (!deps.config.DEMO_MODE) throw new NotFoundError('The demo is not available here.');
  const account = await findAccountByEmail(deps.db, 'patient', DEMO_ACCOUNTS.patient.email);
  if (!account) throw new NotFoundError('The demo account is not set up on this server.');
  return startSession(deps, deps.db, account, { demo: true });
}

const LINK_MESSAGES: Record<EmailTokenPurpose, { used: string; expired: string; unknown: string }> = {
  verify_email: {
    used: 'This verification link has already been used. If your e-mail address is confirmed, you can sign in.',
    expired: 'This verification link has expired. Ask for a new one below.',
    unknown: 'This verification link is not valid. Check that you copied the whole link, or ask for a new one.',
  },
  reset_password: {
    used: 'This reset link has already been used. Ask for a new one if you still need to reset your password.',
    expired: 'This reset link has expired (links work for 1 hour). Ask for a new one.',
    unknown: 'This reset link is not valid. Check that you copied the whole link, or ask for a new one.',
  },
  resend_verification: {
    used: 'This link has already been used.',
    expired: 'This link has expired.',
    unknown: 'This link is not valid.',
  },
};

async function linkError(db: Queryable, purpose: EmailTokenPurpose, token: string): Promise<AppError> {
  const { state } = await inspectEmailToken(db, purpose, token);
  const messages = LINK_MESSAGES[purpose];
  if (state === 'used') return new AppError(400, messages.used, 'LINK_USED');
  if (state === 'expired') return new AppError(400, messages.expired, 'LINK_EXPIRED');
  return new AppError(400, messages.unknown, 'LINK_INVALID');
}

export async function assertResetLinkUsable(db: Queryable, token: string): Promise<void> {
  const { state } = await inspectEmailToken(db, 'reset_password', token);
  if (state !== 'valid') throw await linkError(db, 'reset_password', token);
}

export async function verifyEmail(db: Db, token: string): Promise<void> {
  const ok = await db.transaction(async (tx) => {
    const row = await consumeEmailToken(tx, 'verify_email', token);
    if (!row) return false;
    await markEmailVerified(tx, row.subject_type as UserType, row.subject_id);
    return true;
  });
  if (!ok) throw await linkError(db, 'verify_email', token);
}

/** Sends a fresh verification link if the account exists and is unconfirmed; the caller learns nothing either way. */
export async function resendVerification(
  deps: AuthDeps,
  input: { email?: string; auth_token?: string; returnTo?: string },
  origin: string,
): Promise<void> {
  const { db } = deps;
  let account: Account | null = null;
  if (input.auth_token) {
    const { state, row } = await inspectEmailToken(db, 'resend_verification', input.auth_token);
    if (state === 'valid' && row) account = await findAccountById(db, row.subject_type as UserType, row.subject_id);
  } else if (input.email) {
    account = (await findAccountByEmail(db, 'patient', input.email)) ?? (await findAccountByEmail(db, 'provider', input.email));
  }
  if (!account || account.email_verified) return;
  const target = account;
  await db.transaction(async (tx) => {
    await retireEmailTokens(tx, 'verify_email', target);
    const token = await createEmailToken(tx, 'verify_email', target, VERIFY_EMAIL_TTL_MS);
    await enqueueMail(tx, verificationMail(target.email, target.first_name, verifyLink(origin, token, input.returnTo)));
  });
  deps.kickOutbox();
}

export async function forgetPassword(deps: AuthDeps, email: string, type: UserType, origin: string): Promise<void> {
  const account = await findAccountByEmail(deps.db, type, email);
  if (!account || !account.password_hash) return;
  await deps.db.transaction(async (tx) => {
    await retireEmailTokens(tx, 'reset_password', account);
    const token = await createEmailToken(tx, 'reset_password', account, RESET_PASSWORD_TTL_MS);
    await enqueueMail(tx, resetPasswordMail(account.email, account.first_name, `${origin}/reset-password/${token}`));
  });
  deps.kickOutbox();
}

export async function resetPassword(
  deps: AuthDeps,
  token: string,
  input: z.output<typeof resetPasswordRequestSchema>,
  origin: string,
): Promise<void> {
  const { db } = deps;
  const { state, row } = await inspectEmailToken(db, 'reset_password', token);
  if (state !== 'valid' || !row) throw await linkError(db, 'reset_password', token);
  const account = await findAccountById(db, row.subject_type as UserType, row.subject_id);
  if (!account) throw await linkError(db, 'reset_password', 'unknown-token');
  if (input.new_password.trim().toLowerCase() === account.email) {
    throw new ValidationError('Your password must not be your e-mail address.', {
      new_password: 'Your password must not be your e-mail address.',
    });
  }
  const passwordHash = await hashPassword(input.new_password);
  const done = await db.transaction(async (tx) => {
    const consumed = await consumeEmailToken(tx, 'reset_password', token);
    if (!consumed) return false;
    await setPasswordHash(tx, account.type, account.id, passwordHash);
    // Whoever reads the mailbox controls the account: the address is confirmed too.
    await markEmailVerified(tx, account.type, account.id);
    await retireEmailTokens(tx, 'reset_password', account);
    await revokeAllForSubject(tx, account.type, account.id);
    await enqueueMail(tx, passwordChangedMail(account.email, account.first_name, `${origin}/sign-in`));
    return true;
  });
  if (!done) throw await linkError(db, 'reset_password', token);
  deps.kickOutbox();
}
