import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { UserType } from '@careslot/contracts/auth';
import type { Queryable } from '../../db/client';
import { UnauthorizedError } from '../../lib/errors';
import { findAccountById, findRefreshToken, insertRefreshToken, revokeFamily, useRefreshToken } from './auth.repository';
import { newOpaqueToken } from './auth.tokens';

export interface Session {
  access_token: string;
  refresh_token: string;
  user_id: string;
  user_type: UserType;
  first_name: string;
  expires_in: number;
  /** The demo sign-in keeps its own cookie names (SPEC §3, §4). */
  demo: boolean;
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** Starts a new refresh-token family (a sign-in) and signs an access token. */
export async function startSession(
  app: FastifyInstance,
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
    expiresAt: new Date(Date.now() + app.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return {
    access_token: await app.tokens.signAccess({ id: account.id, type: account.type }),
    refresh_token: refresh,
    user_id: account.id,
    user_type: account.type,
    first_name: account.first_name,
    expires_in: app.tokens.ttlSeconds,
    demo: !!opts.demo,
  };
}

/**
 * Rotation with reuse detection: a live token is exchanged for a new one in the same family;
 * presenting a token that was already used revokes the whole family (it was stolen, or replayed).
 */
export async function rotateSession(app: FastifyInstance, token: string, demo: boolean): Promise<Session> {
  const outcome = await app.db.transaction(async (tx) => {
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
      expiresAt: new Date(Date.now() + app.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    return { account, next };
  });
  if ('reused' in outcome) {
    app.log.warn({ event: 'refresh_token_reuse' }, 'a used refresh token was presented; its family is revoked');
    throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  }
  if ('invalid' in outcome) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  return {
    access_token: await app.tokens.signAccess({ id: outcome.account.id, type: outcome.account.type }),
    refresh_token: outcome.next,
    user_id: outcome.account.id,
    user_type: outcome.account.type,
    first_name: outcome.account.first_name,
    expires_in: app.tokens.ttlSeconds,
    demo,
  };
}

export async function endSession(app: FastifyInstance, token: string): Promise<void> {
  const known = await findRefreshToken(app.db, token);
  if (known) await revokeFamily(app.db, known.family_id);
}

// ---- cookies (see docs/decisions: which are httpOnly and why) ----

export const COOKIE = {
  access: 'access_token',
  refresh: 'refresh_token',
  userId: 'user_id',
  demoAccess: 'demo_access_token',
  demoRefresh: 'demo_refresh_token',
} as const;

function base(app: FastifyInstance): CookieSerializeOptions {
  return { sameSite: 'strict', secure: app.config.isProduction, path: '/' };
}

/** The refresh token is only ever read by the server, and only under /api/. */
function refreshCookie(app: FastifyInstance): CookieSerializeOptions {
  return { ...base(app), httpOnly: true, path: '/api/' };
}

export function setSessionCookies(app: FastifyInstance, reply: FastifyReply, session: Session): void {
  const refreshMaxAge = app.config.REFRESH_TOKEN_TTL_DAYS * 86_400;
  const [access, refresh, other] = session.demo
    ? [COOKIE.demoAccess, COOKIE.demoRefresh, [COOKIE.access, COOKIE.refresh]]
    : [COOKIE.access, COOKIE.refresh, [COOKIE.demoAccess, COOKIE.demoRefresh]];
  // The access token is readable by the page: SPEC §2/§4 make "logged in" the presence of this cookie.
  reply.setCookie(access, session.access_token, { ...base(app), httpOnly: false, maxAge: session.expires_in });
  reply.setCookie(refresh, session.refresh_token, { ...refreshCookie(app), maxAge: refreshMaxAge });
  reply.setCookie(COOKIE.userId, session.user_id, { ...base(app), httpOnly: false, maxAge: refreshMaxAge });
  reply.clearCookie(other[0]!, base(app));
  reply.clearCookie(other[1]!, refreshCookie(app));
}

export function clearSessionCookies(app: FastifyInstance, reply: FastifyReply): void {
  for (const name of [COOKIE.access, COOKIE.demoAccess, COOKIE.userId]) reply.clearCookie(name, base(app));
  for (const name of [COOKIE.refresh, COOKIE.demoRefresh]) reply.clearCookie(name, refreshCookie(app));
}

/** The refresh token from the body (API clients) or from a cookie (browsers); demo cookies last. */
export function refreshTokenFrom(req: FastifyRequest, bodyToken?: string): { token: string | null; demo: boolean } {
  if (bodyToken) return { token: bodyToken, demo: false };
  const real = req.cookies[COOKIE.refresh];
  if (real) return { token: real, demo: false };
  const demo = req.cookies[COOKIE.demoRefresh];
  return { token: demo ?? null, demo: !!demo };
}
