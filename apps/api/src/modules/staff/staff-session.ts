import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { staffMessages, type StaffRole } from '@careslot/contracts/staff';
import type { Config } from '../../config';
import { UnauthorizedError } from '../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import { openRefreshFamily, rotateRefreshFamily } from '../auth/auth.service';
import { recordAudit } from './audit';
import { findStaffByEmail, findStaffById } from './staff.repository';
import type { StaffDeps } from './staff.types';

/**
 * Staff sign-in (decision 035): the access token is answered in the body (the web app keeps it in local storage), the
 * refresh token only in an httpOnly cookie scoped to /staff/, so page scripts never see it.
 */
export const STAFF_REFRESH_COOKIE = 'staff_refresh_token';
export const STAFF_INVALID_CREDENTIALS = 'The e-mail address or password is not right.';

function refreshCookie(config: Pick<Config, 'isProduction' | 'REFRESH_TOKEN_TTL_DAYS'>): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    path: '/staff/',
    maxAge: config.REFRESH_TOKEN_TTL_DAYS * 86_400,
  };
}

export function setStaffRefreshCookie(config: Config, reply: FastifyReply, token: string): void {
  reply.setCookie(STAFF_REFRESH_COOKIE, token, refreshCookie(config));
}

export function clearStaffRefreshCookie(config: Config, reply: FastifyReply): void {
  const { maxAge: _maxAge, ...options } = refreshCookie(config);
  reply.clearCookie(STAFF_REFRESH_COOKIE, options);
}

export function staffRefreshTokenFrom(req: FastifyRequest): string | null {
  return req.cookies?.[STAFF_REFRESH_COOKIE] ?? null;
}

interface StaffSession {
  access: string;
  refresh: string;
  role: StaffRole;
  email: string;
}

/** Same answer, and about the same time, for an unknown e-mail and a wrong password; a sign-in is audited. */
export async function staffLogin(deps: StaffDeps, email: string, password: string, requestId: string): Promise<StaffSession> {
  const staff = await findStaffByEmail(deps.db, email);
  const ok = await verifyPassword(staff?.password_hash ?? (await dummyPasswordHash()), password);
  if (!staff || !ok) throw new UnauthorizedError(STAFF_INVALID_CREDENTIALS);
  const role = staff.role as StaffRole;
  const refresh = await deps.db.transaction(async (tx) => {
    const token = await openRefreshFamily(deps, tx, { type: 'staff', id: staff.id });
    await recordAudit(tx, { id: staff.id, email: staff.email, requestId }, 'staff.sign_in', { type: 'staff_user', id: staff.id }, null, {
      role,
    });
    return token;
  });
  return { access: await deps.tokens.signAccess({ id: staff.id, type: 'staff', role }), refresh, role, email: staff.email };
}

/** Exchanges the refresh cookie for a new access token (and a rotated cookie); the role is read afresh. */
export async function staffRefresh(deps: StaffDeps, token: string | null): Promise<StaffSession> {
  if (!token) throw new UnauthorizedError('Please sign in to continue.');
  const { subjectId, next } = await rotateRefreshFamily(deps, token, 'staff', async (q, id) => !!(await findStaffById(q, id)));
  const staff = await findStaffById(deps.db, subjectId);
  if (!staff) throw new UnauthorizedError(staffMessages.loginFailed);
  const role = staff.role as StaffRole;
  return { access: await deps.tokens.signAccess({ id: staff.id, type: 'staff', role }), refresh: next, role, email: staff.email };
}
