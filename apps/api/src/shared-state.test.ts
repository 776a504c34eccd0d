/**
 * Two API processes on one database and one Redis behave as one (decision 050): wrong sign-ins are throttled at the
 * same count as on one process, a captcha solution's uses are counted once across both, and when Redis goes away
 * the API keeps answering (limits fall back to each process, with a warning) and shares again when Redis is back.
 * Each "process" is a separate app with its own memory and its own Redis connection; the database is shared.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { Captcha, USES_PER_SOLUTION } from './modules/search/captcha';
import { redisState } from './plugins/shared-state';
import { createTestApp, type TestApp } from './test/test-app';
import { redisServerBinary, startTestRedis, type TestRedis } from './test/redis-server';

const binary = redisServerBinary();
if (!binary) console.warn('redis-server is not installed: the shared-state tests across two processes are skipped');

let redis: TestRedis;
let one: TestApp;
let a: TestApp;
let b: FastifyInstance;
const logLines: string[] = [];

/** Waits (up to 10 s) until a condition holds. */
async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!condition()) throw new Error(`timed out waiting until ${what}`);
}

const wrongSignIn = (app: FastifyInstance, email: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user-login',
    payload: { email, password: 'not-the-password', user_type: 'patient' },
    remoteAddress: ip,
  });

/** The status of each of 60 wrong sign-ins, alternating between the apps given. */
async function sixtyWrongSignIns(apps: FastifyInstance[], sameAccount: boolean, ip: string) {
  const codes: number[] = [];
  for (let i = 0; i < 60; i++) {
    const email = sameAccount ? `target-${ip}@example.com` : `guess-${i}-${ip}@example.com`;
    codes.push((await wrongSignIn(apps[i % apps.length]!, email, ip)).statusCode);
  }
  return codes;
}

describe.skipIf(!binary)('two API processes sharing Redis', () => {
  beforeAll(async () => {
    redis = await startTestRedis(binary!);
    one = await createTestApp({ seed: false });
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    a = await createTestApp({ seed: false, env: { REDIS_URL: redis.url, LOG_LEVEL: 'info' }, logStream });
    b = await buildApp({ config: a.config, database: a.database, logStream });
    await b.ready();
    await until(() => a.app.shared.mode === 'redis' && b.shared.mode === 'redis', 'both processes reach Redis');
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await one?.close();
    await redis?.stop();
  });

  it('throttles 60 wrong sign-ins alternating between two processes at the same count as one process', async () => {
    for (const sameAccount of [false, true]) {
      const single = await sixtyWrongSignIns([one.app], sameAccount, sameAccount ? '10.1.0.1' : '10.1.0.2');
      const pair = await sixtyWrongSignIns([a.app, b], sameAccount, sameAccount ? '10.2.0.1' : '10.2.0.2');
      expect(single.filter((c) => c === 401).length).toBeGreaterThan(0);
      expect(single.filter((c) => c === 429).length).toBeGreaterThan(0);
      expect(pair, sameAccount ? 'one account' : 'one IP, many accounts').toEqual(single);
    }
  });

  it('refuses a captcha solution on one process once its uses are spent on the other', async () => {
    const key = 'a-shared-altcha-secret-0123456789';
    const stateA = redisState(redis.url, a.app.log);
    const stateB = redisState(redis.url, b.log);
    try {
      await expect.poll(() => stateA.mode === 'redis' && stateB.mode === 'redis').toBe(true);
      const onA = new Captcha(stateA, key);
      const onB = new Captcha(stateB, key);
      const challenge = await onA.challenge();
      const solution = await solveChallenge({ challenge, deriveKey });
      const value = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      for (let i = 0; i < USES_PER_SOLUTION; i++) expect(await (i % 2 ? onB : onA).verify(value)).toBe(true);
      expect(await onB.verify(value)).toBe(false);
      expect(await onA.verify(value)).toBe(false);
      // A fresh solution still passes on both.
      const other = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 7, deriveKey, hmacSignatureSecret: key });
      const otherValue = Buffer.from(
        JSON.stringify({ challenge: other, solution: await solveChallenge({ challenge: other, deriveKey }) }),
      ).toString('base64');
      expect(await onB.verify(otherValue)).toBe(true);
    } finally {
      await stateA.close();
      await stateB.close();
    }
  });

  it('keeps answering when Redis goes away (in-process limits, a warning), and shares again when it is back', async () => {
    await redis.stop();
    await expect.poll(() => a.app.shared.mode).toBe('memory');
    const codes = await sixtyWrongSignIns([a.app], true, '10.3.0.1');
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes).toContain(429);
    expect(logLines.some((l) => l.includes('Redis is unavailable'))).toBe(true);
    const search = await a.app.inject({ url: '/api/get-speciality?selectedRegion=uk' });
    expect(search.statusCode).toBe(200);

    await redis.start();
    await expect.poll(() => a.app.shared.mode === 'redis' && b.shared.mode === 'redis', { timeout: 10_000 }).toBe(true);
    const single = await sixtyWrongSignIns([one.app], true, '10.4.0.1');
    const pair = await sixtyWrongSignIns([a.app, b], true, '10.4.0.2');
    expect(pair).toEqual(single);
    expect(logLines.some((l) => l.includes('Redis answers again'))).toBe(true);
  });
});
