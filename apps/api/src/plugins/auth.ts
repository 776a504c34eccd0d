import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';

export type SubjectType = 'patient' | 'provider' | 'staff';
export type StaffRole = 'superuser' | 'admin' | 'editor' | 'author';

export interface Caller {
  id: string;
  type: SubjectType;
  /** Staff only. */
  role?: StaffRole;
}

export interface TokenSigner {
  signAccess(caller: Caller): Promise<string>;
  verifyAccess(token: string): Promise<Caller>;
  ttlSeconds: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
  }
  interface FastifyRequest {
    /** Who is calling, from a valid access token; null for visitors. */
    caller: Caller | null;
    /** Set when a token was sent but is invalid or expired. */
    callerTokenError: 'expired' | 'invalid' | null;
  }
}

const ISSUER = 'careslot';
/**
 * Staff tokens are a different audience from patient and provider tokens (decision 035): a token is accepted only with
 * the audience of its own type, and each guard asks for its type, so neither is taken where the other belongs.
 */
export const AUDIENCE = { staff: 'careslot-staff', app: 'careslot-app' } as const;
const audienceOf = (type: SubjectType) => (type === 'staff' ? AUDIENCE.staff : AUDIENCE.app);

/** Signs and checks access tokens (also used by bench/cluster to sign in its patients without a password). */
export function createSigner(secret: Uint8Array, ttlSeconds: number): TokenSigner {
  return {
    ttlSeconds,
    async signAccess(caller) {
      return new SignJWT({ typ: caller.type, ...(caller.role ? { role: caller.role } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(caller.id)
        .setIssuer(ISSUER)
        .setAudience(audienceOf(caller.type))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret);
    },
    async verifyAccess(token) {
      const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
      const type = payload.typ;
      if (typeof payload.sub !== 'string' || (type !== 'patient' && type !== 'provider' && type !== 'staff')) {
        throw new joseErrors.JWTInvalid('bad claims');
      }
      if (payload.aud !== audienceOf(type)) throw new joseErrors.JWTClaimValidationFailed('wrong audience', payload, 'aud');
      return { id: payload.sub, type, role: payload.role as StaffRole | undefined };
    },
  };
}

/** Reads the bearer token, or the access_token cookie the web app keeps for patients and providers. */
function tokenFrom(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return req.cookies?.access_token ?? req.cookies?.demo_access_token ?? null;
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { secret?: string; ttlSeconds: number }) => {
    const secret = opts.secret ? new TextEncoder().encode(opts.secret) : randomBytes(32);
    app.decorate('tokens', createSigner(secret, opts.ttlSeconds));
    app.decorateRequest('caller', null);
    app.decorateRequest('callerTokenError', null);
    app.addHook('onRequest', async (req) => {
      const token = tokenFrom(req);
      if (!token) return;
      try {
        req.caller = await app.tokens.verifyAccess(token);
      } catch (err) {
        req.callerTokenError = err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
      }
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

function requireType(req: FastifyRequest, type: SubjectType): Caller {
  if (!req.caller) {
    throw new UnauthorizedError(
      req.callerTokenError === 'expired' ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.',
    );
  }
  if (req.caller.type !== type) throw new ForbiddenError();
  return req.caller;
}

/** Guards: use as preHandler, or call inside a handler to get the caller. */
export const requirePatient = async (req: FastifyRequest, _reply?: FastifyReply) => {
  requireType(req, 'patient');
};
export const requireProvider = async (req: FastifyRequest, _reply?: FastifyReply) => {
  requireType(req, 'provider');
};
export function requireStaffRole(...roles: StaffRole[]) {
  return async (req: FastifyRequest, _reply?: FastifyReply) => {
    const caller = requireType(req, 'staff');
    if (roles.length && !roles.includes(caller.role!)) throw new ForbiddenError();
  };
}

/** The caller after a guard ran. */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw new UnauthorizedError();
  return req.caller;
}

/** Patient routes carry the user id in the path (docs/accounts.md, Sessions and cookies): it must be the caller's own. */
export function requireSelf(req: FastifyRequest, userId: string): Caller {
  const caller = requireType(req, 'patient');
  if (caller.id !== userId) throw new ForbiddenError('You can only access your own account.');
  return caller;
}

/**
 * Provider workspace routes carry the provider id in the path: it must be the signing-in provider's own. The region
 * the call names is checked against the provider's record by the provider module (`ownProvider`), which has the row.
 */
export function requireProviderSelf(req: FastifyRequest, providerId: string): Caller {
  const caller = requireType(req, 'provider');
  if (caller.id !== providerId) throw new ForbiddenError('You can only manage your own provider account.');
  return caller;
}
