/** Cross-cutting security behaviour of the assembled app (see docs/security-review.md). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from './db/schema/identity';
import { DEMO_ACCOUNTS } from './db/seed/seed';
import { requestIdFrom } from './app';
import { findNul } from './plugins/input-guard';
import { createTestApp, type TestApp } from './test/test-app';

describe('security of the assembled app', () => {
  let t: TestApp;
  let patientId: string;
  let auth: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp({ seed: { providersPerRegion: 2, days: 2 } });
    const [demo] = await t.app.db.select().from(patients).where(eq(patients.email, DEMO_ACCOUNTS.patient.email));
    patientId = demo!.id;
    auth = { authorization: `Bearer ${await t.app.tokens.signAccess({ id: patientId, type: 'patient' })}` };
  });
  afterAll(() => t.close());

  describe('NUL characters (PostgreSQL text cannot hold them)', () => {
    it('finds a NUL anywhere in parameters, queries and bodies', () => {
      expect(findNul({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
      expect(findNul({ 'k\u0000': 'v' })).toBe('k');
      expect(findNul('\u0000')).toBe('request');
      expect(findNul({ a: 'fine', n: 1, z: null })).toBeNull();
      expect(findNul(Buffer.from([0, 0]))).toBeNull();
    });

    it('answers 400 with a readable message for a NUL in a body field', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact-us/',
        payload: { first_name: 'Ada\u0000', last_name: 'Lovelace', email: 'ada@example.com', message: 'A question about my booking.' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.first_name).toMatch(/not allowed/);
    });

    it('answers 400 for a NUL in a path parameter or a query', async () => {
      const path = await t.app.inject({ url: '/user/check-payment-status/%00abc/', headers: auth });
      expect(path.statusCode).toBe(400);
      const query = await t.app.inject({ url: '/user/stripe-checkout-session-status?session_id=cs_%00', headers: auth });
      expect(query.statusCode).toBe(400);
      expect(query.json().message).toMatch(/session id/);
    });
  });

  describe('request ids', () => {
    it('keeps a plain x-request-id and replaces anything else', async () => {
      expect(requestIdFrom('abc-123_x.y:z')).toBe('abc-123_x.y:z');
      for (const bad of ['a\u0001b', 'a b', 'x'.repeat(65), '', 'é', undefined, ['a', 'b']]) {
        expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
      }
      const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'evil\u0001\ninjected' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-42' } });
      expect(kept.headers['x-request-id']).toBe('trace-42');
    });
  });
});
