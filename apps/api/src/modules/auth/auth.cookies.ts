import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../../config';
import type { Session } from './auth.sessions';

/** Cookie names of a session; see docs/accounts.md (Sessions) for which are readable by the page and why. */
export const COOKIE = {
  access: 'access_token',
  refresh: 'refresh_token',
  userId: 'user_id',
  demoAccess: 'demo_access_token',
  demoRefresh: 'demo_refresh_token',
} as const;

type CookieConfig = Pick<Config, 'isProduction' | 'REFRESH_TOKEN_TTL_DAYS'>;

function base(config: CookieConfig): CookieSerializeOptions {
  return { sameSite: 'strict', secure: config.isProduction, path: '/' };
}

/** The refresh token is only ever read by the server, and only under /api/. */
function refreshCookie(config: CookieConfig): CookieSerializeOptions {
  return { ...base(config), httpOnly: true, path: '/api/' };
}

export function setSessionCookies(config: CookieConfig, reply: FastifyReply, session: Session): void {
  const refreshMaxAge = config.REFRESH_TOKEN_TTL_DAYS * 86_400;
  const [access, refresh, other] = session.demo
    ? [COOKIE.demoAccess, COOKIE.demoRefresh, [COOKIE.access, COOKIE.refresh]]
    : [COOKIE.access, COOKIE.refresh, [COOKIE.demoAccess, COOKIE.demoRefresh]];
  // The access token is readable by the page: the web app treats its presence as "signed in" (docs/accounts.md).
  reply.setCookie(access, session.access_token, { ...base(config), httpOnly: false, maxAge: session.expires_in });
  reply.setCookie(refresh, session.refresh_token, { ...refreshCookie(config), maxAge: refreshMaxAge });
  reply.setCookie(COOKIE.userId, session.user_id, { ...base(config), httpOnly: false, maxAge: refreshMaxAge });
  reply.clearCookie(other[0]!, base(config));
  reply.clearCookie(other[1]!, refreshCookie(config));
}

export function clearSessionCookies(config: CookieConfig, reply: FastifyReply): void {
  for (const name of [COOKIE.access, COOKIE.demoAccess, COOKIE.userId]) reply.clearCookie(name, base(config));
  for (const name of [COOKIE.refresh, COOKIE.demoRefresh]) reply.clearCookie(name, refreshCookie(config));
}

/** The refresh token from the body (API clients) or from a cookie (browsers); demo cookies last. */
export function refreshTokenFrom(req: FastifyRequest, bodyToken?: string): { token: string | null; demo: boolean } {
  if (bodyToken) return { token: bodyToken, demo: false };
  const real = req.cookies[COOKIE.refresh];
  if (real) return { token: real, demo: false };
  const demo = req.cookies[COOKIE.demoRefresh];
  return { token: demo ?? null, demo: !!demo };
}
