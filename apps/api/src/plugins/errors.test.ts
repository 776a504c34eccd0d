import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../lib/errors';
import { registerErrorHandler } from './errors';

async function appWith(thrower: () => never) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.post(
    '/thing',
    { schema: { body: z.object({ email: z.email('Enter a valid e-mail address'), age: z.number().int() }) } },
    async () => ({ ok: true }),
  );
  app.get('/throw', async () => thrower());
  app.get(
    '/bad-response',
    { schema: { response: { 200: z.object({ id: z.number() }) } } },
    async () => ({ id: 'nope' }) as unknown as { id: number },
  );
  await app.ready();
  return app;
}

describe('error handler', () => {
  it('answers 400 with a readable message and per-field messages for invalid input', async () => {
    const app = await appWith(() => {
      throw new Error('unused');
    });
    const res = await app.inject({ method: 'POST', url: '/thing', payload: { email: 'not-an-email', age: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(false);
    expect(body.error).toBe('VALIDATION_ERROR');
    expect(body.fields.email).toBe('Enter a valid e-mail address');
    expect(Object.keys(body.fields)).toContain('age');
    expect(body.message).toMatch(/email: Enter a valid e-mail address/);
  });

  it('answers 400 for malformed JSON without a stack trace', async () => {
    const app = await appWith(() => {
      throw new Error('unused');
    });
    const res = await app.inject({ method: 'POST', url: '/thing', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('at ');
  });

  it.each([
    [new UnauthorizedError(), 401],
    [new ForbiddenError(), 403],
    [new NotFoundError('No such doctor.'), 404],
    [new ConflictError('Oops! This slot is already booked.'), 409],
    [new TooManyRequestsError(), 429],
  ])('maps %s to its status and keeps its message', async (err, status) => {
    const app = await appWith(() => {
      throw err;
    });
    const res = await app.inject({ url: '/throw' });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(err.message);
  });

  it('never leaks internals in a 500', async () => {
    const app = await appWith(() => {
      throw new Error('connection string postgres://secret@db');
    });
    const res = await app.inject({ url: '/throw' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json().message).toBe('Something went wrong on our side. Please try again.');
  });

  it('turns a response that breaks its own schema into a clean 500', async () => {
    const app = await appWith(() => {
      throw new Error('unused');
    });
    const res = await app.inject({ url: '/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('nope');
  });
});
