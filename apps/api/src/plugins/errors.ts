import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@careslot/contracts/errors';
import { AppError } from '../lib/errors';

/** Response schemas for the error statuses a route documents: `response: { 200: ok, ...errorResponses(400, 401) }`. */
export function errorResponses(...codes: number[]): Record<number, typeof errorResponseSchema> {
  return Object.fromEntries(codes.map((c) => [c, errorResponseSchema]));
}

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
