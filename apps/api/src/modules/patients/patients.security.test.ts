/** Security review findings for the patient calls (docs/security-review.md). */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loginAs, registerVerified } from '../auth/auth.test-helpers';

describe('patient calls under attack', () => {
  let t: TestApp;
  let me: { user_id: string; tokens: { access_token: string } };
  const auth = () => ({ authorization: `Bearer ${me.tokens.access_token}` });
  const dataDir = `/tmp/careslot-test-${randomUUID()}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { DATA_DIR: dataDir }, seed: { providersPerRegion: 2, days: 2 } });
    me = await loginAs(t.app, (await registerVerified(t.app)).email);
  });
  afterAll(() => t.close());

  describe('profile picture upload', () => {
    const url = () => `/api/user-details/${me.user_id}/profile-image`;

    it.each([
      ['no boundary', 'multipart/form-data', 'garbage'],
      [
        'a body cut short',
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="profile_image"; filename="a.png"\r\n\r\nabc',
      ],
      ['an empty body', 'multipart/form-data; boundary=x', ''],
    ])('answers a broken multipart body (%s) with a 4xx, never a 500', async (_label, contentType, payload) => {
      const res = await t.app.inject({ method: 'POST', url: url(), headers: { ...auth(), 'content-type': contentType }, payload });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    });

    it('ignores a path-traversal file name: the picture gets a random name inside uploads/profile', async () => {
      const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      const boundary = 'b0undary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="profile_image"; filename="../../../../evil.webp"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: url(),
        headers: { ...auth(), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().profile_image).toMatch(/^\/uploads\/profile\/[a-f0-9]{32}\.webp$/);
      expect(existsSync(path.resolve(dataDir, '..', 'evil.webp'))).toBe(false);
      expect(readdirSync(path.join(dataDir, 'uploads', 'profile'))).toHaveLength(1);
      const traversal = await t.app.inject({ url: '/uploads/..%2f..%2fdev-jwt-secret' });
      expect(traversal.statusCode).toBeGreaterThanOrEqual(400);
      expect(traversal.statusCode).toBeLessThan(500);
    });
  });

  it('limits guesses of the current password (change password and delete share one budget), with a readable 429', async () => {
    const victim = await loginAs(t.app, (await registerVerified(t.app)).email);
    const headers = { authorization: `Bearer ${victim.tokens.access_token}` };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user-details/${victim.user_id}/change-password`,
        headers,
        payload: {
          current_password: `guess-${i}`,
          new_password: 'A-new-and-long-passphrase-7',
          confirm_password: 'A-new-and-long-passphrase-7',
        },
      });
      statuses.push(res.statusCode);
    }
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/user-details/${victim.user_id}/`,
        headers,
        payload: { password: `guess-${i}`, confirm: 'DELETE' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().message).toBe('Too many attempts with the wrong password. Please wait 15 minutes and try again.');
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
