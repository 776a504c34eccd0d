import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_MESSAGE, RETURN_TO_REFUSED } from '@careslot/contracts/auth';
import { emailTokens, patients, refreshTokens } from '../../db/schema/identity';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { createTestApp, mailTo, type TestApp } from '../../test/test-app';

import { PASSWORD, loginAs, newPatient, registerVerified } from './auth.test-helpers';

function cookieMap(res: {
  cookies: { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string; maxAge?: number }[];
}) {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c]));
}

describe('accounts API', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_MODE: 'true', RATE_LIMIT_SCALE: '100' } });
    app = t.app;
  });
  afterAll(() => t.close());

  describe('POST /api/user-register', () => {
    it('creates the account with capitalised names, a lowercased e-mail and an E.164 phone, and e-mails a verification link', async () => {
      const body = newPatient({ first_name: '  mary ann ', last_name: "o'neil", temp_distance: 10 });
      const res = await app.inject({ method: 'POST', url: '/api/user-register', payload: body });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: true, auth_token: expect.any(String) });
      const email = String(body.email).toLowerCase();
      const [row] = await app.db.select().from(patients).where(eq(patients.email, email));
      expect(row).toMatchObject({ first_name: 'Mary ann', last_name: "O'neil", phone_number: '+447911123456', temp_distance: 10 });
      expect(row!.password_hash).toMatch(/^\$argon2id\$/);
      expect(row!.email_verified_at).toBeNull();
      const [mail] = await mailTo(app, email);
      expect(mail!.subject).toContain('Confirm your e-mail');
      expect(mail!.text).toMatch(/\/verify\/[A-Za-z0-9_-]{43}/);
      // Only a hash of the link is stored.
      const token = /\/verify\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
      const stored = await app.db.select().from(emailTokens).where(eq(emailTokens.subject_id, row!.id));
      expect(stored.map((s) => s.token_hash)).not.toContain(token);
    });

    it('accepts a US number written nationally', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/user-register', payload: newPatient({ phone_number: '(201) 555-0123' }) });
      expect(res.statusCode).toBe(201);
    });

    it('refuses a second account with the same e-mail, whatever its case, with a clear 409', async () => {
      const body = newPatient();
      expect((await app.inject({ method: 'POST', url: '/api/user-register', payload: body })).statusCode).toBe(201);
      const again = await app.inject({
        method: 'POST',
        url: '/api/user-register',
        payload: { ...body, email: String(body.email).toUpperCase() },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/already exists/);
      expect(JSON.stringify(again.json())).not.toMatch(/jane/i);
    });

    it.each([
      ['email', { email: 'not-an-email' }, /valid e-mail/],
      ['password', { password: 'short' }, /at least 8/],
      ['password', { password: 'x'.repeat(129) }, /at most 128/],
      ['password', { password: 'Password123' }, /too common/],
      ['phone_number', { phone_number: '12345' }, /valid UK or US phone/],
      ['phone_number', { phone_number: '+33 1 23 45 67 89' }, /valid UK or US phone/],
      ['date_of_birth', { date_of_birth: '2001-02-30' }, /real date/],
      ['date_of_birth', { date_of_birth: '2999-01-01' }, /in the past/],
      ['date_of_birth', { date_of_birth: '12/04/1990' }, /YYYY-MM-DD/],
      ['first_name', { first_name: '' }, /first name/],
      ['first_name', { first_name: '<script>' }, /letters/],
    ])('rejects a bad %s with a per-field message (%j)', async (field, override, message) => {
      const res = await app.inject({ method: 'POST', url: '/api/user-register', payload: newPatient(override) });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toMatch(message);
    });

    it('rejects a password equal to the e-mail address', async () => {
      const body = newPatient();
      const res = await app.inject({
        method: 'POST',
        url: '/api/user-register',
        payload: { ...body, password: String(body.email).toUpperCase() },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.password).toMatch(/must not be your e-mail/);
    });

    it('names every missing field', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/user-register', payload: {} });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields).sort()).toEqual([
        'date_of_birth',
        'email',
        'first_name',
        'last_name',
        'password',
        'phone_number',
      ]);
    });
  });

  describe('verification', () => {
    it('confirms once; the link then says it was used; an unknown link is refused', async () => {
      const body = newPatient();
      await app.inject({ method: 'POST', url: '/api/user-register', payload: body });
      const [mail] = await mailTo(app, String(body.email).toLowerCase());
      const token = /\/verify\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
      const first = await app.inject({ method: 'POST', url: `/api/verify-email/${token}` });
      expect(first.json()).toEqual({ status: true, message: expect.stringMatching(/confirmed/) });
      const second = await app.inject({ method: 'POST', url: `/api/verify-email/${token}` });
      expect(second.statusCode).toBe(400);
      expect(second.json()).toMatchObject({ error: 'LINK_USED', message: expect.stringMatching(/already been used/) });
      const unknown = await app.inject({ method: 'POST', url: `/api/verify-email/${'a'.repeat(43)}` });
      expect(unknown.json()).toMatchObject({ error: 'LINK_INVALID' });
    });

    it('tells an unverified account so (only with the right password) and re-sends the link by auth_token', async () => {
      const body = newPatient();
      const reg = await app.inject({ method: 'POST', url: '/api/user-register', payload: body });
      const email = String(body.email).toLowerCase();
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/user-login',
        payload: { email, password: 'wrong-password-here', user_type: 'patient' },
      });
      expect(wrong.statusCode).toBe(401);
      const res = await app.inject({
        method: 'POST',
        url: '/api/user-login',
        payload: { email, password: PASSWORD, user_type: 'patient' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: false, error: 'EMAIL_NOT_VERIFIED', auth_token: expect.any(String) });
      expect(res.cookies).toHaveLength(0);
      const resend = await app.inject({ method: 'POST', url: '/api/resend-verification', payload: { auth_token: reg.json().auth_token } });
      expect(resend.statusCode).toBe(200);
      const messages = await mailTo(app, email);
      expect(messages).toHaveLength(2);
      // The older link was retired by the new one.
      const oldToken = /\/verify\/([A-Za-z0-9_-]+)/.exec(messages[1]!.text)![1]!;
      expect((await app.inject({ method: 'POST', url: `/api/verify-email/${oldToken}` })).json().error).toBe('LINK_USED');
      const newToken = /\/verify\/([A-Za-z0-9_-]+)/.exec(messages[0]!.text)![1]!;
      expect((await app.inject({ method: 'POST', url: `/api/verify-email/${newToken}` })).statusCode).toBe(200);
    });

    it('answers a resend for an unknown address exactly like a real one, and sends nothing', async () => {
      const a = await app.inject({ method: 'POST', url: '/api/resend-verification', payload: { email: 'nobody-here@example.com' } });
      expect(a.statusCode).toBe(200);
      const body = newPatient();
      await app.inject({ method: 'POST', url: '/api/user-register', payload: body });
      const b = await app.inject({ method: 'POST', url: '/api/resend-verification', payload: { email: body.email } });
      expect(a.json()).toEqual(b.json());
      expect(await mailTo(app, 'nobody-here@example.com')).toHaveLength(0);
      const missing = await app.inject({ method: 'POST', url: '/api/resend-verification', payload: {} });
      expect(missing.statusCode).toBe(400);
    });
  });

  describe('POST /api/user-login', () => {
    it('signs in with any case of e-mail and sets the session cookies (docs/accounts.md)', async () => {
      const { email } = await registerVerified(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/user-login',
        payload: { email: email.toUpperCase(), password: PASSWORD, user_type: 'patient', consentID: 'abc' },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        status: true,
        user_id: expect.any(String),
        first_name: 'Jane',
        tokens: { access_token: expect.any(String), refresh_token: expect.any(String) },
      });
      const cookies = cookieMap(res);
      expect(cookies.access_token).toMatchObject({ value: body.tokens.access_token, sameSite: 'Strict', path: '/' });
      expect(cookies.access_token!.httpOnly).toBeFalsy();
      expect(cookies.refresh_token).toMatchObject({ value: body.tokens.refresh_token, httpOnly: true, sameSite: 'Strict', path: '/api/' });
      expect(cookies.user_id).toMatchObject({ value: body.user_id, sameSite: 'Strict' });
      const me = await app.inject({ url: `/api/user-details/${body.user_id}/`, cookies: { access_token: body.tokens.access_token } });
      expect(me.statusCode).toBe(200);
    });

    it('gives a wrong password and an unknown e-mail the very same answer', async () => {
      const { email } = await registerVerified(app);
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/user-login',
        payload: { email, password: 'not-the-password', user_type: 'patient' },
      });
      const unknown = await app.inject({
        method: 'POST',
        url: '/api/user-login',
        payload: { email: 'nobody-at-all@example.com', password: 'not-the-password', user_type: 'patient' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toMatchObject({ status: false, message: INVALID_CREDENTIALS_MESSAGE });
    });

    it('carries a same-site page to come back to in the e-mailed link, through a re-sent link too', async () => {
      const returnTo = '/appointment/7b0d8a9e-1c1f-4f43-9a55-2f4b1f0c2d11?region=uk&date=03%2F03%2F2027&time=9%3A00+AM&distance=1.2';
      const body = newPatient({ returnTo });
      const res = await app.inject({ method: 'POST', url: '/api/user-register', payload: body });
      expect(res.statusCode, res.body).toBe(201);
      const email = String(body.email).toLowerCase();
      const linkIn = (text: string) => new URL(/https?:\/\/\S+\/verify\/\S+/.exec(text)![0]);
      const [mail] = await mailTo(app, email);
      const link = linkIn(mail!.text);
      expect(link.pathname).toMatch(/^\/verify\/[A-Za-z0-9_-]{43}$/);
      expect(link.searchParams.get('returnTo')).toBe(returnTo);
      expect(mail!.html).toContain(`returnTo=${encodeURIComponent(returnTo)}`);

      const resend = await app.inject({
        method: 'POST',
        url: '/api/resend-verification',
        payload: { auth_token: res.json().auth_token, returnTo: '/doctor-profile/abc/0?region=uk' },
      });
      expect(resend.statusCode).toBe(200);
      const [again] = await mailTo(app, email);
      expect(linkIn(again!.text).searchParams.get('returnTo')).toBe('/doctor-profile/abc/0?region=uk');
    });

    it('sends a plain link when returnTo is empty (absent)', async () => {
      const body = newPatient({ returnTo: '' });
      expect((await app.inject({ method: 'POST', url: '/api/user-register', payload: body })).statusCode).toBe(201);
      const [mail] = await mailTo(app, String(body.email).toLowerCase());
      expect(mail!.text).toMatch(/\/verify\/[A-Za-z0-9_-]{43}(\s|$)/);
      expect(mail!.text).not.toContain('returnTo');
    });

    it.each([
      '//evil.example',
      'https://evil.example/appointment/x',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/%252F%252Fevil.example',
      '/%5Cevil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      '/sign-in',
    ])('refuses %j as the page to come back to, and creates no account', async (returnTo) => {
      const body = newPatient({ returnTo });
      const res = await app.inject({ method: 'POST', url: '/api/user-register', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.returnTo).toBe(RETURN_TO_REFUSED);
      const rows = await app.db
        .select()
        .from(patients)
        .where(eq(patients.email, String(body.email).toLowerCase()));
      expect(rows).toHaveLength(0);
      const resend = await app.inject({ method: 'POST', url: '/api/resend-verification', payload: { email: 'x@example.com', returnTo } });
      expect(resend.statusCode).toBe(400);
    });

    it('rejects malformed and missing fields', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/user-login', payload: { email: 'nope', user_type: 'admin' } });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields).sort()).toEqual(['email', 'password', 'user_type']);
    });

    it('signs a provider in against the providers table', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user-login',
        payload: { email: DEMO_ACCOUNTS.provider.email, password: DEMO_ACCOUNTS.provider.password, user_type: 'provider' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user_type).toBe('provider');
      // The provider's region travels with the sign-in (the browser keeps it as provider_located_region), and with a refresh.
      expect(res.json().region).toBe('uk');
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/token/refresh',
        payload: { refresh_token: res.json().tokens.refresh_token },
      });
      expect(refreshed.json()).toMatchObject({ user_type: 'provider', region: 'uk' });
      const asPatient = await app.inject({
        method: 'POST',
        url: '/api/user-login',
        payload: { email: DEMO_ACCOUNTS.provider.email, password: DEMO_ACCOUNTS.provider.password, user_type: 'patient' },
      });
      expect(asPatient.statusCode).toBe(401);
    });
  });

  it('answers no region for a patient sign-in', async () => {
    const { email } = await registerVerified(app);
    const login: Record<string, unknown> = await loginAs(app, email);
    expect(login.user_type).toBe('patient');
    expect(login).not.toHaveProperty('region');
  });

  describe('refresh tokens', () => {
    it('rotates on every use and revokes the whole family when a used token is replayed', async () => {
      const { email } = await registerVerified(app);
      const login = await loginAs(app, email);
      const r1 = await app.inject({ method: 'POST', url: '/api/token/refresh', cookies: { refresh_token: login.tokens.refresh_token } });
      expect(r1.statusCode).toBe(200);
      const t1 = r1.json().tokens;
      expect(t1.refresh_token).not.toBe(login.tokens.refresh_token);
      expect(cookieMap(r1).refresh_token!.value).toBe(t1.refresh_token);
      // Body works too (API clients).
      const r2 = await app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: t1.refresh_token } });
      expect(r2.statusCode).toBe(200);
      const t2 = r2.json().tokens;
      // Replay of the first (used) token: refused, and the live t2 dies with its family.
      const replay = await app.inject({
        method: 'POST',
        url: '/api/token/refresh',
        cookies: { refresh_token: login.tokens.refresh_token },
      });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().message).toMatch(/session has ended/);
      expect(cookieMap(replay).refresh_token!.value).toBe('');
      const afterReplay = await app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: t2.refresh_token } });
      expect(afterReplay.statusCode).toBe(401);
    });

    it('a token presented again just after its rotation gets a new one; once the family moved on, or later, it ends the family', async () => {
      const { email } = await registerVerified(app);
      const login = await loginAs(app, email);
      const refresh = (token: string) => app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: token } });
      const first = await refresh(login.tokens.refresh_token);
      expect(first.statusCode).toBe(200);
      // Two tabs at once, or an answer lost to a navigation: the same token again within seconds.
      const second = await refresh(login.tokens.refresh_token);
      expect(second.statusCode, second.body).toBe(200);
      const [a, b] = [first.json().tokens.refresh_token, second.json().tokens.refresh_token];
      expect(a).not.toBe(b);
      // Both successors belong to the sign-in: using one moves the family on, after which the first token is a replay.
      const moved = await refresh(a);
      expect(moved.statusCode).toBe(200);
      const replay = await refresh(login.tokens.refresh_token);
      expect(replay.statusCode).toBe(401);
      for (const t of [b, moved.json().tokens.refresh_token]) expect((await refresh(t)).statusCode).toBe(401);

      // Past the grace the same token again is a replay even if nothing moved on.
      const other = await loginAs(app, email);
      const rotated = await refresh(other.tokens.refresh_token);
      expect(rotated.statusCode).toBe(200);
      await app.db
        .update(refreshTokens)
        .set({ used_at: sql`used_at - interval '31 seconds'` })
        .where(eq(refreshTokens.subject_id, other.user_id));
      expect((await refresh(other.tokens.refresh_token)).statusCode).toBe(401);
      expect((await refresh(rotated.json().tokens.refresh_token)).statusCode).toBe(401);
    });

    it('refuses a missing, unknown or expired refresh token', async () => {
      expect((await app.inject({ method: 'POST', url: '/api/token/refresh' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: 'nope' } })).statusCode).toBe(401);
      const { email } = await registerVerified(app);
      const login = await loginAs(app, email);
      await app.db
        .update(refreshTokens)
        .set({ expires_at: sql`now() - interval '1 minute'` })
        .where(eq(refreshTokens.subject_id, login.user_id));
      expect(
        (await app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: login.tokens.refresh_token } }))
          .statusCode,
      ).toBe(401);
    });

    it('logout revokes the refresh token and clears the cookies; logging out twice is fine', async () => {
      const { email } = await registerVerified(app);
      const login = await loginAs(app, email);
      const out = await app.inject({ method: 'POST', url: '/api/user-logout', cookies: { refresh_token: login.tokens.refresh_token } });
      expect(out.statusCode).toBe(200);
      const cookies = cookieMap(out);
      for (const name of ['access_token', 'refresh_token', 'user_id', 'demo_access_token', 'demo_refresh_token'])
        expect(cookies[name]!.value).toBe('');
      expect(
        (await app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: login.tokens.refresh_token } }))
          .statusCode,
      ).toBe(401);
      expect((await app.inject({ method: 'POST', url: '/api/user-logout' })).statusCode).toBe(200);
    });
  });

  describe('password recovery', () => {
    async function resetLinkFor(email: string) {
      const res = await app.inject({ method: 'POST', url: '/api/forget-password', payload: { email, userType: 'patient' } });
      expect(res.statusCode).toBe(200);
      const [mail] = await mailTo(app, email);
      expect(mail!.subject).toMatch(/Reset your CareSlot password/);
      return /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    }

    it('answers the same whether or not the account exists', async () => {
      const { email } = await registerVerified(app);
      const known = await app.inject({ method: 'POST', url: '/api/forget-password', payload: { email, userType: 'patient' } });
      const unknown = await app.inject({
        method: 'POST',
        url: '/api/forget-password',
        payload: { email: 'ghost@example.com', userType: 'patient' },
      });
      expect(known.json()).toEqual(unknown.json());
      expect(await mailTo(app, 'ghost@example.com')).toHaveLength(0);
      const bad = await app.inject({ method: 'POST', url: '/api/forget-password', payload: { email: 'x', userType: 'patient' } });
      expect(bad.statusCode).toBe(400);
    });

    it('resets once, signs out everywhere, and then the link says it was used', async () => {
      const { email } = await registerVerified(app);
      const login = await loginAs(app, email);
      const token = await resetLinkFor(email);
      expect((await app.inject({ url: `/api/reset-password/${token}` })).statusCode).toBe(200);
      const mismatch = await app.inject({
        method: 'PATCH',
        url: `/api/reset-password/${token}`,
        payload: { new_password: 'green-valley-river', confirm_password: 'green-valley-rivers' },
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().fields.confirm_password).toMatch(/do not match/);
      const weak = await app.inject({
        method: 'PATCH',
        url: `/api/reset-password/${token}`,
        payload: { new_password: 'password1', confirm_password: 'password1' },
      });
      expect(weak.json().fields.new_password).toMatch(/too common/);
      const asEmail = await app.inject({
        method: 'PATCH',
        url: `/api/reset-password/${token}`,
        payload: { new_password: email, confirm_password: email },
      });
      expect(asEmail.json().fields.new_password).toMatch(/must not be your e-mail/);
      const ok = await app.inject({
        method: 'PATCH',
        url: `/api/reset-password/${token}`,
        payload: { new_password: 'green-valley-river', confirm_password: 'green-valley-river' },
      });
      expect(ok.statusCode).toBe(200);
      // Signed out everywhere.
      expect(
        (await app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: login.tokens.refresh_token } }))
          .statusCode,
      ).toBe(401);
      // Old password no longer works, the new one does.
      expect(
        (await app.inject({ method: 'POST', url: '/api/user-login', payload: { email, password: PASSWORD, user_type: 'patient' } }))
          .statusCode,
      ).toBe(401);
      await loginAs(app, email, 'green-valley-river');
      const reused = await app.inject({
        method: 'PATCH',
        url: `/api/reset-password/${token}`,
        payload: { new_password: 'another-fine-phrase', confirm_password: 'another-fine-phrase' },
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({ error: 'LINK_USED', message: expect.stringMatching(/already been used/) });
      const [notice] = await mailTo(app, email);
      expect(notice!.subject).toMatch(/password was changed/);
    });

    it('refuses an expired link, and a newer link voids the older one', async () => {
      const { email } = await registerVerified(app);
      const first = await resetLinkFor(email);
      const second = await resetLinkFor(email);
      const payload = { new_password: 'green-valley-river', confirm_password: 'green-valley-river' };
      const old = await app.inject({ method: 'PATCH', url: `/api/reset-password/${first}`, payload });
      expect(old.json().error).toBe('LINK_USED');
      await app.db
        .update(emailTokens)
        .set({ expires_at: sql`now() - interval '1 second'` })
        .where(eq(emailTokens.purpose, 'reset_password'));
      const expired = await app.inject({ method: 'PATCH', url: `/api/reset-password/${second}`, payload });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ error: 'LINK_EXPIRED', message: expect.stringMatching(/expired/) });
      expect((await app.inject({ url: `/api/reset-password/${second}` })).json().error).toBe('LINK_EXPIRED');
      const unknown = await app.inject({ method: 'PATCH', url: `/api/reset-password/${'z'.repeat(43)}`, payload });
      expect(unknown.json().error).toBe('LINK_INVALID');
    });
  });

  describe('demo mode', () => {
    it('signs into the demo patient with the demo cookies', async () => {
      expect((await app.inject({ url: '/api/auth/options' })).json()).toEqual({ status: true, demo_mode: true });
      const res = await app.inject({ method: 'POST', url: '/api/demo-login' });
      expect(res.statusCode).toBe(200);
      const cookies = cookieMap(res);
      expect(cookies.demo_access_token!.value).toBe(res.json().tokens.access_token);
      expect(cookies.demo_refresh_token).toMatchObject({ httpOnly: true });
      expect(cookies.access_token!.value).toBe('');
      const me = await app.inject({
        url: `/api/user-details/${res.json().user_id}/`,
        cookies: { demo_access_token: cookies.demo_access_token!.value },
      });
      expect(me.json().first_name).toBe(DEMO_ACCOUNTS.patient.first_name);
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/token/refresh',
        cookies: { demo_refresh_token: cookies.demo_refresh_token!.value },
      });
      expect(cookieMap(refreshed).demo_refresh_token!.value).toBe(refreshed.json().tokens.refresh_token);
    });
  });
});

describe('accounts API without demo mode, with strict limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: {
        RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
        RATE_LIMIT_LOGIN_PER_IP: '6',
        RATE_LIMIT_REGISTER_PER_IP: '2',
        RATE_LIMIT_FORGOT_PASSWORD_PER_ACCOUNT: '2',
        RATE_LIMIT_RESEND_VERIFICATION_PER_ACCOUNT: '2',
      },
    });
  });
  afterAll(() => t.close());

  it('has no demo sign-in', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/demo-login' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/auth/options' })).json().demo_mode).toBe(false);
  });

  it('limits sign-in attempts per account, then per IP, with 429 and a clear message', async () => {
    const attempt = (email: string, ip = '10.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/user-login',
        remoteAddress: ip,
        payload: { email, password: 'wrong-password', user_type: 'patient' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt('victim@example.com')).statusCode).toBe(401);
    const limited = await attempt('victim@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many sign-in attempts/);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another account from the same IP still gets through, until the per-IP limit.
    expect((await attempt('other@example.com')).statusCode).toBe(401);
    expect((await attempt('other2@example.com')).statusCode).toBe(401);
    expect((await attempt('other3@example.com')).statusCode).toBe(429);
    // The per-account limit follows the account across IPs.
    expect((await attempt('victim@example.com', '10.0.0.2')).statusCode).toBe(429);
  });

  it('limits registrations per IP', async () => {
    const register = () => t.app.inject({ method: 'POST', url: '/api/user-register', remoteAddress: '10.0.1.1', payload: newPatient() });
    expect((await register()).statusCode).toBe(201);
    expect((await register()).statusCode).toBe(201);
    const limited = await register();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many/);
  });

  it('limits password-reset and verification e-mails per account', async () => {
    const forgot = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/forget-password',
        remoteAddress: ip,
        payload: { email: 'someone@example.com', userType: 'patient' },
      });
    expect((await forgot('10.0.2.1')).statusCode).toBe(200);
    expect((await forgot('10.0.2.2')).statusCode).toBe(200);
    expect((await forgot('10.0.2.3')).statusCode).toBe(429);
    const resend = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/resend-verification', remoteAddress: ip, payload: { email: 'someone@example.com' } });
    expect((await resend('10.0.3.1')).statusCode).toBe(200);
    expect((await resend('10.0.3.2')).statusCode).toBe(200);
    expect((await resend('10.0.3.3')).statusCode).toBe(429);
  });
});
