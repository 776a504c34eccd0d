import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@careslot/contracts/errors';
import { AppError } from '../lib/errors';

/** Response schemas for the error statuses a route documents: `response: { 200: ok, ...errorResponses(400, 401) }`. */
export function errorResponses(...codes: number[]): Record<number, typeof errorResponseSchema> {
  return Object.fromEntries(codes.map((c) => [c, errorResponseSchema]));
}

/** Connection-level failures: the database restarted, went away or cannot take more connections (not a bad query). */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection|not currently accepting connections|the database system is (starting up|shutting down)/i;

/** True when an error (or one it wraps: drizzle puts the driver's error in `cause`) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'CareSlot is briefly unavailable: our database is not answering. Please try again in a moment.';

const fieldLabel = (path: string) => path.replace(/_/g, ' ');

/** One place maps errors to HTTP. People read `message`; 5xx details never leave the server. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'request';
        fields[key] ??= issue.message ?? 'is invalid';
      }
      const [firstKey, firstMessage] = Object.entries(fields)[0] ?? ['request', 'is invalid'];
      const message = firstKey === 'request' ? firstMessage : `${fieldLabel(firstKey)}: ${firstMessage}`;
      return reply.status(400).send({ status: false, statusCode: 400, error: 'VALIDATION_ERROR', message, fields });
    }
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({
        status: false,
        statusCode: err.statusCode,
        error: err.code,
        message: err.message,
        ...err.details,
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply
        .status(500)
        .send({ status: false, statusCode: 500, error: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    }
    if (isDatabaseUnavailable(err)) {
      // A database restart: the pool reconnects by itself, so the next request may well succeed (decision 054).
      req.log.warn({ err: err.message }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ status: false, statusCode: 503, error: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const statusCode = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (statusCode === 500) {
      req.log.error({ err }, 'unhandled error');
      return reply
        .status(500)
        .send({ status: false, statusCode: 500, error: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    }
    if (statusCode === 429) {
      return reply.status(429).send({
        status: false,
        statusCode: 429,
        error: 'TOO_MANY_REQUESTS',
        message: err.message || 'Too many requests. Please wait a moment and try again.',
      });
    }
    // Framework 4xx (bad JSON, body too large, unsupported media type…): keep its message, it is about the request.
    return reply.status(statusCode).send({ status: false, statusCode, error: err.code ?? 'BAD_REQUEST', message: err.message });
  });
}
