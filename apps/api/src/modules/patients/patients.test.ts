import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilitySlots, bookings } from '../../db/schema/booking';
import { patients, refreshTokens } from '../../db/schema/identity';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { createTestApp, mailTo, type TestApp } from '../../test/test-app';
import { loginAs, registerVerified } from '../auth/auth.test-helpers';

function multipart(field: string, filename: string, contentType: string, data: Buffer, extraHeaders: Record<string, string> = {}) {
  const boundary = `----careslot${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { ...extraHeaders, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('patient profile API', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let me: { user_id: string; tokens: { access_token: string } };
  let email: string;
  const auth = () => ({ authorization: `Bearer ${me.tokens.access_token}` });

  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_MODE: 'true', RATE_LIMIT_SCALE: '100', DATA_DIR: `/tmp/careslot-test-${randomUUID()}` } });
    app = t.app;
    ({ email } = await registerVerified(app));
    me = await loginAs(app, email);
  });
  afterAll(() => t.close());

  it('returns my own details with profile_image and first_name', async () => {
    const res = await app.inject({ url: `/api/user-details/${me.user_id}/`, headers: auth() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      user_id: me.user_id,
      first_name: 'Jane',
      email,
      profile_image: null,
      email_verified: true,
    });
    expect(res.json()).not.toHaveProperty('password_hash');
  });

  it("gives 403 for another user's details and 401 without a token", async () => {
    const other = await registerVerified(app);
    const otherLogin = await loginAs(app, other.email);
    const res = await app.inject({ url: `/api/user-details/${otherLogin.user_id}/`, headers: auth() });
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ url: `/user/user-appointments/${otherLogin.user_id}/`, headers: auth() })).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/user-details/${me.user_id}/` })).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/user-details/not-a-uuid/`, headers: auth() })).statusCode).toBe(400);
  });

  it('updates the profile with the registration rules', async () => {
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/user-details/${me.user_id}/`,
      headers: auth(),
      payload: { first_name: '', last_name: 'smith', phone_number: '123', date_of_birth: '2999-01-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['date_of_birth', 'first_name', 'phone_number']);
    const ok = await app.inject({
      method: 'PATCH',
      url: `/api/user-details/${me.user_id}/`,
      headers: auth(),
      payload: { first_name: 'janet', last_name: 'smith', phone_number: '+1 201 555 0123', date_of_birth: '1985-01-31' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ first_name: 'Janet', last_name: 'Smith', phone_number: '+12015550123', date_of_birth: '1985-01-31' });
  });

  describe('profile picture', () => {
    const url = () => `/api/user-details/${me.user_id}/profile-image`;

    it('accepts a PNG, stores a 512 px WebP and serves it under /uploads/', async () => {
      const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();
      const res = await app.inject({ method: 'POST', url: url(), ...multipart('profile_image', 'me.png', 'image/png', png, auth()) });
      expect(res.statusCode).toBe(200);
      const { profile_image } = res.json();
      expect(profile_image).toMatch(/^\/uploads\/profile\/[a-f0-9]{32}\.webp$/);
      const served = await app.inject({ url: profile_image });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([512, 512, 'webp']);
      expect((await app.inject({ url: `/api/user-details/${me.user_id}/`, headers: auth() })).json().profile_image).toBe(profile_image);

      // A replacement removes the old file.
      const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#cc6633' } })
        .jpeg()
        .toBuffer();
      const second = await app.inject({ method: 'POST', url: url(), ...multipart('profile_image', 'me.jpg', 'image/jpeg', jpeg, auth()) });
      expect(second.statusCode).toBe(200);
      expect(existsSync(path.join(t.config.DATA_DIR, profile_image))).toBe(false);
      expect((await app.inject({ url: profile_image })).statusCode).toBe(404);
    });

    it('rejects a non-image renamed .png, judged by content', async () => {
      const fake = Buffer.from('<?php echo "not a picture"; ?>'.repeat(20));
      const res = await app.inject({ method: 'POST', url: url(), ...multipart('profile_image', 'cat.png', 'image/png', fake, auth()) });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toMatch(/JPEG, PNG or WebP/);
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .gif()
        .toBuffer();
      const gifRes = await app.inject({ method: 'POST', url: url(), ...multipart('profile_image', 'x.png', 'image/png', gif, auth()) });
      expect(gifRes.statusCode).toBe(415);
    });

    it('rejects a file over 5 MB', async () => {
      const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
      const res = await app.inject({ method: 'POST', url: url(), ...multipart('profile_image', 'big.png', 'image/png', big, auth()) });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(/larger than 5 MB/);
    });

    it('rejects a request without a file, and another user', async () => {
      const res = await app.inject({ method: 'POST', url: url(), headers: auth(), payload: { a: 1 } });
      expect(res.statusCode).toBe(400);
      const other = await loginAs(app, (await registerVerified(app)).email);
      const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const forbidden = await app.inject({
        method: 'POST',
        url: url(),
        ...multipart('profile_image', 'a.png', 'image/png', png, { authorization: `Bearer ${other.tokens.access_token}` }),
      });
      expect(forbidden.statusCode).toBe(403);
    });
  });

  it('lists appointments: empty at first, then upcoming and past from bookings', async () => {
    const empty = await app.inject({ url: `/user/user-appointments/${me.user_id}/`, headers: auth() });
    expect(empty.json()).toEqual({ status: true, upcoming: [], past: [] });

    const slots = await app.db.select().from(availabilitySlots).limit(3);
    const future = slots[0]!;
    const [past] = await app.db
      .update(availabilitySlots)
      .set({ starts_at: sql`now() - interval '3 days'`, ends_at: sql`now() - interval '3 days' + interval '30 minutes'` })
      .where(eq(availabilitySlots.id, slots[1]!.id))
      .returning();
    const base = { patient_id: me.user_id, amount_minor: 8000, currency: 'GBP', region: 'uk', ics_uid: randomUUID() };
    await app.db.insert(bookings).values([
      { ...base, slot_id: future.id, provider_id: future.provider_id, status: 'Booked' },
      { ...base, slot_id: past!.id, provider_id: past!.provider_id, status: 'Completed', ics_uid: randomUUID() },
      { ...base, slot_id: slots[2]!.id, provider_id: slots[2]!.provider_id, status: 'Held', ics_uid: randomUUID() },
    ]);
    const res = await app.inject({ url: `/user/user-appointments/${me.user_id}/`, headers: auth() });
    const body = res.json();
    expect(body.upcoming).toHaveLength(1);
    expect(body.upcoming[0]).toMatchObject({ status: 'Booked', amount: 80, currency: 'GBP', doctor_name: expect.stringMatching(/^Dr /) });
    expect(body.past).toHaveLength(1);
    expect(body.past[0].status).toBe('Completed');
  });

  it('exports my data as a JSON download', async () => {
    const res = await app.inject({ url: `/api/user-details/${me.user_id}/export`, headers: auth() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="careslot-my-data-/);
    const data = res.json();
    expect(data.account).toMatchObject({ email, first_name: 'Janet' });
    expect(data.appointments).toHaveLength(2);
    expect(JSON.stringify(data)).not.toMatch(/argon2/);
  });

  it('changes the password: the current one is required, and other devices are signed out', async () => {
    const other = await loginAs(app, email);
    const wrong = await app.inject({
      method: 'POST',
      url: `/api/user-details/${me.user_id}/change-password`,
      headers: auth(),
      payload: { current_password: 'not-it-at-all', new_password: 'quiet-meadow-stone', confirm_password: 'quiet-meadow-stone' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.current_password).toMatch(/not correct/);
    const mismatch = await app.inject({
      method: 'POST',
      url: `/api/user-details/${me.user_id}/change-password`,
      headers: auth(),
      payload: { current_password: 'blue-harbour-lantern', new_password: 'quiet-meadow-stone', confirm_password: 'quiet-meadow-ston' },
    });
    expect(mismatch.json().fields.confirm_password).toMatch(/do not match/);
    const ok = await app.inject({
      method: 'POST',
      url: `/api/user-details/${me.user_id}/change-password`,
      headers: auth(),
      payload: { current_password: 'blue-harbour-lantern', new_password: 'quiet-meadow-stone', confirm_password: 'quiet-meadow-stone' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.find((c) => c.name === 'refresh_token')!.value).toBe(ok.json().tokens.refresh_token);
    expect(
      (await app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: other.tokens.refresh_token } })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: ok.json().tokens.refresh_token } }))
        .statusCode,
    ).toBe(200);
    const [notice] = await mailTo(app, email);
    expect(notice!.subject).toMatch(/password was changed/);
  });

  it('protects the shared demo account from deletion', async () => {
    const demo = (await app.inject({ method: 'POST', url: '/api/demo-login' })).json();
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/user-details/${demo.user_id}/`,
      headers: { authorization: `Bearer ${demo.tokens.access_token}` },
      payload: { password: DEMO_ACCOUNTS.patient.password, confirm: 'DELETE' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('deletes the account: refuses while an appointment is upcoming, then anonymises and keeps the history', async () => {
    const del = (payload: object) => app.inject({ method: 'DELETE', url: `/api/user-details/${me.user_id}/`, headers: auth(), payload });
    const login = await loginAs(app, email, 'quiet-meadow-stone');
    me = login;
    expect((await del({ password: 'quiet-meadow-stone' })).statusCode).toBe(400);
    expect((await del({ password: 'wrong-password', confirm: 'DELETE' })).json().fields.password).toMatch(/not correct/);
    const blocked = await del({ password: 'quiet-meadow-stone', confirm: 'DELETE' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toMatch(/upcoming appointments/);

    await app.db.update(bookings).set({ status: 'Cancelled by Patient' }).where(eq(bookings.status, 'Booked'));
    const res = await del({ password: 'quiet-meadow-stone', confirm: 'DELETE' });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'access_token')!.value).toBe('');
    const [row] = await app.db.select().from(patients).where(eq(patients.id, me.user_id));
    expect(row).toMatchObject({ email: null, password_hash: null, first_name: 'Deleted', phone_number: null, date_of_birth: null });
    expect(row!.deleted_at).not.toBeNull();
    const kept = await app.db.select().from(bookings).where(eq(bookings.patient_id, me.user_id));
    expect(kept.length).toBeGreaterThanOrEqual(2);
    const live = await app.db.select().from(refreshTokens).where(eq(refreshTokens.subject_id, me.user_id));
    expect(live.every((r) => r.revoked_at)).toBe(true);
    // The still-unexpired access token finds no account; the e-mail can sign up again.
    expect((await app.inject({ url: `/api/user-details/${me.user_id}/`, headers: auth() })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/user-login',
          payload: { email, password: 'quiet-meadow-stone', user_type: 'patient' },
        })
      ).statusCode,
    ).toBe(401);
    await registerVerified(app, { email });
  });
});
