import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EMAIL_NOT_VERIFIED,
  INVALID_CREDENTIALS_MESSAGE,
  type UserType,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '@careslot/contracts/auth';
import type { z } from 'zod';
import { patients } from '../../db/schema/identity';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { AppError, ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import { enqueueMail } from '../mail/mail.service';
import {
  consumeEmailToken,
  createEmailToken,
  findAccountByEmail,
  findAccountById,
  inspectEmailToken,
  markEmailVerified,
  retireEmailTokens,
  revokeAllForSubject,
  setPasswordHash,
  type Account,
  type EmailTokenPurpose,
} from './auth.repository';
import { passwordChangedMail, resetPasswordMail, verificationMail } from './auth.mail';
import { startSession, type Session } from './auth.sessions';

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
export function publicOrigin(app: FastifyInstance, req: FastifyRequest): string {
  if (app.config.PUBLIC_URL) return app.config.PUBLIC_URL.replace(/\/$/, '');
  if (app.config.isProduction) return `http://localhost:${app.config.PORT}`;
  return `${req.protocol}://${req.host}`;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function registerPatient(
  app: FastifyInstance,
  req: FastifyRequest,
  input: z.output<typeof registerRequestSchema>,
): Promise<{ auth_token: string }> {
  const existing = await findAccountByEmail(app.db, 'patient', input.email);
  if (existing) throw duplicateEmail();
  const passwordHash = await hashPassword(input.password);
  const origin = publicOrigin(app, req);
  try {
    const authToken = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(patients)
        .values({
          email: input.email,
          password_hash: passwordHash,
          first_name: input.first_name,
          last_name: input.last_name,
          phone_number: input.phone_number,
          date_of_birth: input.date_of_birth,
          temp_distance: input.temp_distance ?? null,
        })
        .returning({ id: patients.id });
      const subject = { type: 'patient', id: row!.id };
      const verifyToken = await createEmailToken(tx, 'verify_email', subject, VERIFY_EMAIL_TTL_MS);
      await enqueueMail(tx, verificationMail(input.email, input.first_name, `${origin}/verify/${verifyToken}`));
      return createEmailToken(tx, 'resend_verification', subject, RESEND_TOKEN_TTL_MS);
    });
    app.outbox.kick();
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
export async function login(app: FastifyInstance, email: string, password: string, type: UserType): Promise<Session> {
  const account = await findAccountByEmail(app.db, type, email);
  const ok = await verifyPassword(account?.password_hash ?? (await dummyPasswordHash()), password);
  if (!account || !account.password_hash || !ok) throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
  if (!account.email_verified) {
    // Only someone who knows the password learns the account is unconfirmed.
    const authToken = await createEmailToken(app.db, 'resend_verification', account, RESEND_TOKEN_TTL_MS);
    throw new AppError(403, 'Please confirm your e-mail address first. We can send you a new verification link.', EMAIL_NOT_VERIFIED, {
      auth_token: authToken,
    });
  }
  return startSession(app, app.db, account);
}

export async function demoLogin(app: FastifyInstance): Promise<Session> {
  if (!app.config.DEMO_MODE) throw new NotFoundError('The demo is not available here.');
  const account = await findAccountByEmail(app.db, 'patient', DEMO_ACCOUNTS.patient.email);
  if (!account) throw new NotFoundError('The demo account is not set up on this server.');
  return startSession(app, app.db, account, { demo: true });
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

async function linkError(app: FastifyInstance, purpose: EmailTokenPurpose, token: string): Promise<AppError> {
  const { state } = await inspectEmailToken(app.db, purpose, token);
  const messages = LINK_MESSAGES[purpose];
  if (state === 'used') return new AppError(400, messages.used, 'LINK_USED');
  if (state === 'expired') return new AppError(400, messages.expired, 'LINK_EXPIRED');
  return new AppError(400, messages.unknown, 'LINK_INVALID');
}

export async function assertResetLinkUsable(app: FastifyInstance, token: string): Promise<void> {
  const { state } = await inspectEmailToken(app.db, 'reset_password', token);
  if (state !== 'valid') throw await linkError(app, 'reset_password', token);
}

export async function verifyEmail(app: FastifyInstance, token: string): Promise<void> {
  const ok = await app.db.transaction(async (tx) => {
    const row = await consumeEmailToken(tx, 'verify_email', token);
    if (!row) return false;
    await markEmailVerified(tx, row.subject_type as UserType, row.subject_id);
    return true;
  });
  if (!ok) throw await linkError(app, 'verify_email', token);
}

/** Sends a fresh verification link if the account exists and is unconfirmed; the caller learns nothing either way. */
export async function resendVerification(
  app: FastifyInstance,
  req: FastifyRequest,
  input: { email?: string; auth_token?: string },
): Promise<void> {
  let account: Account | null = null;
  if (input.auth_token) {
    const { state, row } = await inspectEmailToken(app.db, 'resend_verification', input.auth_token);
    if (state === 'valid' && row) account = await findAccountById(app.db, row.subject_type as UserType, row.subject_id);
  } else if (input.email) {
    account = (await findAccountByEmail(app.db, 'patient', input.email)) ?? (await findAccountByEmail(app.db, 'provider', input.email));
  }
  if (!account || account.email_verified) return;
  const origin = publicOrigin(app, req);
  const target = account;
  await app.db.transaction(async (tx) => {
    await retireEmailTokens(tx, 'verify_email', target);
    const token = await createEmailToken(tx, 'verify_email', target, VERIFY_EMAIL_TTL_MS);
    await enqueueMail(tx, verificationMail(target.email, target.first_name, `${origin}/verify/${token}`));
  });
  app.outbox.kick();
}

export async function forgetPassword(app: FastifyInstance, req: FastifyRequest, email: string, type: UserType): Promise<void> {
  const account = await findAccountByEmail(app.db, type, email);
  if (!account || !account.password_hash) return;
  const origin = publicOrigin(app, req);
  await app.db.transaction(async (tx) => {
    await retireEmailTokens(tx, 'reset_password', account);
    const token = await createEmailToken(tx, 'reset_password', account, RESET_PASSWORD_TTL_MS);
    await enqueueMail(tx, resetPasswordMail(account.email, account.first_name, `${origin}/reset-password/${token}`));
  });
  app.outbox.kick();
}

export async function resetPassword(
  app: FastifyInstance,
  req: FastifyRequest,
  token: string,
  input: z.output<typeof resetPasswordRequestSchema>,
): Promise<void> {
  const { state, row } = await inspectEmailToken(app.db, 'reset_password', token);
  if (state !== 'valid' || !row) throw await linkError(app, 'reset_password', token);
  const account = await findAccountById(app.db, row.subject_type as UserType, row.subject_id);
  if (!account) throw await linkError(app, 'reset_password', 'unknown-token');
  if (input.new_password.trim().toLowerCase() === account.email) {
    throw new ValidationError('Your password must not be your e-mail address.', {
      new_password: 'Your password must not be your e-mail address.',
    });
  }
  const passwordHash = await hashPassword(input.new_password);
  const origin = publicOrigin(app, req);
  const done = await app.db.transaction(async (tx) => {
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
  if (!done) throw await linkError(app, 'reset_password', token);
  app.outbox.kick();
}
