import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../lib/errors';

let scale = 1;
const SKIP = '\u0000skip';

/** Set once at boot from RATE_LIMIT_SCALE. */
export function setRateLimitScale(value: number): void {
  scale = value;
}

export function scaledMax(max: number): number {
  return Math.max(1, Math.round(max * scale));
}

export interface LimitOptions {
  /** Counters are per name, so two limits never share one. */
  name: string;
  max: number;
  timeWindow: string | number;
  /** What is counted; default the client IP. Return undefined to skip this limit for the request. */
  key?: (req: FastifyRequest) => string | undefined;
  message?: string;
}

/**
 * A rate-limit hook for one route (use in onRequest, or preHandler when the key needs the parsed body).
 * Several can guard one route, e.g. per IP and per account. Limits scale with RATE_LIMIT_SCALE.
 */
export function limit(app: FastifyInstance, opts: LimitOptions) {
  const message = opts.message ?? 'Too many attempts. Please wait a few minutes and try again.';
  // createRateLimit, not rateLimit: the latter marks the request as limited after its first hook,
  // so a second limit on the same route (per IP and per account) would silently never run.
  const check = app.createRateLimit({
    max: scaledMax(opts.max),
    timeWindow: opts.timeWindow,
    keyGenerator: (req: FastifyRequest) => {
      const key = opts.key ? opts.key(req) : req.ip;
      return key === undefined ? SKIP : `${opts.name}:${key}`;
    },
    allowList: (_req: FastifyRequest, key: string) => key === SKIP,
  });
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const result = await check(req);
    if (result.isAllowed) return;
    reply.header('x-ratelimit-limit', result.max);
    reply.header('x-ratelimit-remaining', result.remaining);
    if (result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw new TooManyRequestsError(message);
    }
  };
}
