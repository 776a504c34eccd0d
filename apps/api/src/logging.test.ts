/** Secrets never reach the logs: tokens in e-mailed links, one-time codes, passwords, card numbers. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from './app';
import { patients } from './db/schema/identity';
import { DEMO_ACCOUNTS } from './db/seed/seed';
import { createTestApp, type TestApp } from './test/test-app';

describe('logs', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      seed: { providersPerRegion: 2, days: 2 },
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(() => t.close());

  it('redacts secret path segments and query values of URLs', () => {
    expect(redactUrl('/api/reset-password/abcDEF123_-xyz')).toBe('/api/reset-password/[redacted]');
    expect(redactUrl('/api/verify-email/tok?x=1')).toBe('/api/verify-email/[redacted]?x=1');
    expect(redactUrl('/user/user-otp-verification/u1/?otp=123456&a=b')).toBe('/user/user-otp-verification/u1/?otp=[redacted]&a=b');
    expect(redactUrl('/user/stripe-checkout-session-status?session_id=cs_123')).toBe(
      '/user/stripe-checkout-session-status?session_id=[redacted]',
    );
    expect(redactUrl('/api/test-search/?postcode=SW1A')).toBe('/api/test-search/?postcode=SW1A');
  });

  it('never writes a reset token, a one-time code or a password into a log line', async () => {
    const resetToken = 'ResetTokenThatMustNotBeLogged0123456789abc';
    const otp = '987654';
    const [demo] = await t.app.db.select().from(patients).where(eq(patients.email, DEMO_ACCOUNTS.patient.email));
    const token = await t.app.tokens.signAccess({ id: demo!.id, type: 'patient' });
    await t.app.inject({ url: `/api/reset-password/${resetToken}` });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/reset-password/${resetToken}`,
      payload: { new_password: 'Secret-Password-Never-Logged-1', confirm_password: 'Secret-Password-Never-Logged-1' },
    });
    await t.app.inject({ url: `/user/user-otp-verification/${demo!.id}/?otp=${otp}`, headers: { authorization: `Bearer ${token}` } });
    t.app.log.info({ body: { card_number: '4242424242424242', cvc: '123', refresh_token: 'RefreshNeverLogged' } }, 'a logged body');
    const all = lines.join('');
    expect(all).toContain('/api/reset-password/[redacted]');
    expect(all).toContain('a logged body');
    for (const secret of [resetToken, `otp=${otp}`, 'Secret-Password-Never-Logged-1', '4242424242424242', 'RefreshNeverLogged', token]) {
      expect(all).not.toContain(secret);
    }
  });

  it("labels a request's lines with its id, at the logger's level", async () => {
    const before = lines.length;
    await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'log-test-request-1' } });
    const mine = lines.slice(before).map((l) => JSON.parse(l) as { reqId?: string; msg?: string; level?: number });
    expect(mine.filter((l) => l.reqId === 'log-test-request-1').map((l) => [l.msg, l.level])).toEqual([
      ['incoming request', 30],
      ['request completed', 30],
    ]);
  });
});
