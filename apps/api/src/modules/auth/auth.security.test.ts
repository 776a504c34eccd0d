/** Security review findings for the account calls (docs/security-review.md). */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('account calls in production', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SANDBOX_PAYMENTS: 'true',
        PUBLIC_URL: 'https://careslot.example',
        DATA_ENCRYPTION_KEY: 'cd'.repeat(32),
      },
      seed: { providersPerRegion: 2, days: 2 },
    });
  });
  afterAll(() => t.close());

  it('never builds a reset link from a forged Host header (password reset poisoning)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forget-password',
      headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
      payload: { email: DEMO_ACCOUNTS.patient.email, userType: 'patient' },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, DEMO_ACCOUNTS.patient.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail!.text).toMatch(/https:\/\/careslot\.example\/reset-password\/[A-Za-z0-9_-]{20,}/);
    expect(mail!.text).not.toContain('attacker.example');
    expect(mail!.html).not.toContain('attacker.example');
  });

  it('marks every session cookie Secure and SameSite=Strict, and the refresh token httpOnly', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user-login',
      payload: { email: DEMO_ACCOUNTS.patient.email, password: DEMO_ACCOUNTS.patient.password, user_type: 'patient' },
    });
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    for (const name of ['access_token', 'refresh_token', 'user_id']) {
      expect(byName[name]).toMatchObject({ secure: true, sameSite: 'Strict' });
    }
    expect(byName.refresh_token!.httpOnly).toBe(true);
    expect(byName.refresh_token!.path).toBe('/api/');
  });
});

describe('account calls with PUBLIC_URL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SANDBOX_PAYMENTS: 'true',
        PUBLIC_URL: 'https://careslot.example/',
        DATA_ENCRYPTION_KEY: 'cd'.repeat(32),
      },
      seed: { providersPerRegion: 2, days: 2 },
    });
  });
  afterAll(() => t.close());

  it('builds e-mailed links from PUBLIC_URL only', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/forget-password',
      headers: { host: 'attacker.example' },
      payload: { email: DEMO_ACCOUNTS.patient.email, userType: 'patient' },
    });
    const [mail] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, DEMO_ACCOUNTS.patient.email)).limit(1);
    expect(mail!.text).toMatch(/https:\/\/careslot\.example\/reset-password\/[A-Za-z0-9_-]{20,}/);
  });
});
