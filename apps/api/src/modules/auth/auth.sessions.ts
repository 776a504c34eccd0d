import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { UserType } from '@careslot/contracts/auth';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { UnauthorizedError } from '../../lib/errors';
import type { TokenSigner } from '../../plugins/auth';
import { findAccountById, findRefreshToken, insertRefreshToken, revokeFamily, useRefreshToken } from './auth.repository';
import { newOpaqueToken } from './auth.tokens';

export interface Session {
  access_token: string;
  refresh_token: string;
  user_id: string;
  user_type: UserType;
  first_name: string;
  expires_in: number;
  /** The demo sign-in keeps its own cookie names (docs/accounts.md, Sessions). */
  demo: boolean;
}

/** What starting a session needs: the refresh-token lifetime and the access-token signer. */
export interface SessionDeps {
  config: Pick<Config, 'REFRESH_TOKEN_TTL_DAYS'>;
  tokens: TokenSigner;
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** Starts a new refresh-token family (a sign-in) and signs an access token. */
export async function startSession(
  deps: SessionDeps,
  q: Queryable,
  account: { type: UserType; id: string; first_name: string },
  opts: { demo?: boolean } = {},
): Promise<Session> {
  const refresh = newOpaqueToken();
  await insertRefreshToken(q, {
    familyId: randomUUID(),
    subjectType: account.type,
    subjectId: account.id,
    token: refresh,
    expiresAt: new Date(Date.now() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return {
    access_token: await deps.tokens.signAccess({ id: account.id, type: account.type }),
    refresh_token: refresh,
    user_id: account.id,
    user_type: account.type,
    first_name: account.first_name,
    expires_in: deps.tokens.ttlSeconds,
    demo: !!opts.demo,
  };
}

/**
 * Rotation with reuse detection: a live token is exchanged for a new one in the same family;
 * presenting a token that was already used revokes the whole family (it was stolen, or replayed).
 */
export async function rotateSession(
  deps: SessionDeps & { db: Db; log: Pick<FastifyBaseLogger, 'warn'> },
  token: string,
  demo: boolean,
): Promise<Session> {
  const outcome = await deps.db.transaction(async (tx) => {
    const used = await useRefreshToken(tx, token);
    if (!used) {
      const known = await findRefreshToken(tx, token);
      if (known?.used_at && !known.revoked_at) {
        await revokeFamily(tx, known.family_id);
        return { reused: true as const };
      }
      return { invalid: true as const };
    }
    const account = await findAccountById(tx, used.subject_type as UserType, used.subject_id);
    if (!account) {
      await revokeFamily(tx, used.family_id);
      return { invalid: true as const };
    }
    const next = newOpaqueToken();
    await insertRefreshToken(tx, {
      familyId: used.family_id,
      subjectType: used.subject_type,
      subjectId: used.subject_id,
      token: next,
      expiresAt: new Date(Date.now() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    return { account, next };
  });
  if ('reused' in outcome) {
    deps.log.warn({ event: 'refresh_token_reuse' }, 'a used refresh token was presented; its family is revoked');
    throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  }
  if ('invalid' in outcome) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  return {
    access_token: await deps.tokens.signAccess({ id: outcome.account.id, type: outcome.account.type }),
    refresh_token: outcome.next,
    user_id: outcome.account.id,
    user_type: outcome.account.type,
    first_name: outcome.account.first_name,
    expires_in: deps.tokens.ttlSeconds,
    demo,
  };
}

/** Revokes the token's family; returns whose session it was (null for an unknown token). */
export async function endSession(db: Queryable, token: string): Promise<{ type: string; id: string } | null> {
  const known = await findRefreshToken(db, token);
  if (!known) return null;
  await revokeFamily(db, known.family_id);
  return { type: known.subject_type, id: known.subject_id };
}

/** Starts a refresh-token family for any subject (staff sign-in); the opaque token to hand out. */
export async function openRefreshFamily(
  deps: Pick<SessionDeps, 'config'>,
  q: Queryable,
  subject: { type: 'patient' | 'provider' | 'staff'; id: string },
): Promise<string> {
  const refresh = newOpaqueToken();
  await insertRefreshToken(q, {
    familyId: randomUUID(),
    subjectType: subject.type,
    subjectId: subject.id,
    token: refresh,
    expiresAt: new Date(Date.now() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return refresh;
}

/**
 * The same rotation with reuse detection as rotateSession, for a subject type given by the caller: a token of another
 * type is refused without being used, and a subject that no longer exists (`stillExists` false) ends the family.
 * Answers the subject id and the next refresh token.
 */
export async function rotateRefreshFamily(
  deps: Pick<SessionDeps, 'config'> & { db: Db; log: Pick<FastifyBaseLogger, 'warn'> },
  token: string,
  subjectType: 'patient' | 'provider' | 'staff',
  stillExists: (q: Queryable, id: string) => Promise<boolean>,
): Promise<{ subjectId: string; next: string }> {
  const outcome = await deps.db.transaction(async (tx) => {
    const known = await findRefreshToken(tx, token);
    if (!known || known.subject_type !== subjectType) return { invalid: true as const };
    const used = await useRefreshToken(tx, token);
    if (!used) {
      if (known.used_at && !known.revoked_at) {
        await revokeFamily(tx, known.family_id);
        return { reused: true as const };
      }
      return { invalid: true as const };
    }
    if (!(await stillExists(tx, used.subject_id))) {
      await revokeFamily(tx, used.family_id);
      return { invalid: true as const };
    }
    const next = newOpaqueToken();
    await insertRefreshToken(tx, {
      familyId: used.family_id,
      subjectType: used.subject_type,
      subjectId: used.subject_id,
      token: next,
      expiresAt: new Date(Date.now() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    return { subjectId: used.subject_id, next };
  });
  if ('reused' in outcome) {
    deps.log.warn({ event: 'refresh_token_reuse', subject_type: subjectType }, 'a used refresh token was presented; its family is revoked');
    throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  }
  if ('invalid' in outcome) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  return outcome;
}
