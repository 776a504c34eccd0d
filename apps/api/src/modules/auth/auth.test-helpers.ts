import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { mailTo } from '../../test/test-app';

export const PASSWORD = 'blue-harbour-lantern';

export function newPatient(overrides: Record<string, unknown> = {}) {
  const n = Math.random().toString(36).slice(2, 10);
  return {
    first_name: 'jane',
    last_name: 'doe',
    email: `Jane.${n}@Example.com`,
    password: PASSWORD,
    phone_number: '07911 123456',
    date_of_birth: '1990-04-12',
    ...overrides,
  };
}

/** Registers, follows the e-mailed link and returns the lowercased e-mail. */
export async function registerVerified(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const body = newPatient(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/user-register', payload: body });
  expect(res.statusCode).toBe(201);
  const email = String(body.email).toLowerCase();
  const [mail] = await mailTo(app, email);
  const token = /\/verify\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  const verified = await app.inject({ method: 'POST', url: `/api/verify-email/${token}` });
  expect(verified.statusCode).toBe(200);
  return { email, password: String(body.password) };
}

export async function loginAs(app: FastifyInstance, email: string, password = PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user-login',
    payload: { email, password, user_type: 'patient', consentID: 'c1' },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { user_id: string; tokens: { access_token: string; refresh_token: string } };
}
