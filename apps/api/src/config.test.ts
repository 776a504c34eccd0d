import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  PUBLIC_URL: 'https://careslot.example',
  DATA_ENCRYPTION_KEY: 'ab'.repeat(32),
};
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' };
const paypalKeys = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };

describe('configuration', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      isProduction: false,
      devMailbox: true,
      sandboxPayments: true,
      RATE_LIMIT_SCALE: 1,
    });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('names the setting that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses to start in production without a token secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...stripeKeys, ...paypalKeys })).toThrow(/JWT_SECRET/);
  });

  it('refuses to start in production without the key that encrypts bank account numbers, and checks its shape', () => {
    expect(() => loadConfig({ ...production, ...stripeKeys, ...paypalKeys, DATA_ENCRYPTION_KEY: undefined })).toThrow(
      /DATA_ENCRYPTION_KEY/,
    );
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'too-short' })).toThrow(/DATA_ENCRYPTION_KEY: must be 64 hexadecimal/);
    expect(loadConfig({}).DATA_ENCRYPTION_KEY).toBeUndefined();
  });

  it('refuses to take test payments in production unless told to', () => {
    expect(() => loadConfig(production)).toThrow(/SANDBOX_PAYMENTS=true/);
    expect(() => loadConfig({ ...production, ...stripeKeys })).toThrow(/PAYPAL_CLIENT_ID/);
    expect(loadConfig({ ...production, ...stripeKeys, ...paypalKeys }).sandboxPayments).toBe(false);
    expect(loadConfig({ ...production, SANDBOX_PAYMENTS: 'true' }).sandboxPayments).toBe(true);
  });

  it('refuses to start in production without PUBLIC_URL, so e-mailed links never come from a Host header', () => {
    expect(() => loadConfig({ ...production, ...stripeKeys, ...paypalKeys, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL/);
  });

  it('trusts proxies only as configured', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8,127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  });

  it('never turns on the dev mailbox or demo mode in production', () => {
    const c = loadConfig({ ...production, ...stripeKeys, ...paypalKeys, DEMO_MODE: 'true' });
    expect(c.devMailbox).toBe(false);
    expect(c.DEMO_MODE).toBe(false);
  });

  it('reads replicas as a list, an empty one as none, and refuses what cannot work', () => {
    const primary = { DATABASE_URL: 'postgres://app@db:5432/careslot' };
    expect(loadConfig({}).DATABASE_REPLICA_URLS).toEqual([]);
    expect(loadConfig({ DATABASE_REPLICA_URLS: '' }).DATABASE_REPLICA_URLS).toEqual([]);
    const c = loadConfig({ ...primary, DATABASE_REPLICA_URLS: ' postgres://app@r1:5432/careslot, postgresql://app@r2/careslot ,' });
    expect(c.DATABASE_REPLICA_URLS).toEqual(['postgres://app@r1:5432/careslot', 'postgresql://app@r2/careslot']);
    expect(c).toMatchObject({ REPLICA_MAX_LAG_MS: 5000, READ_YOUR_WRITES_MS: 6000, DATABASE_PREPARED_STATEMENTS: true });
    expect(() => loadConfig({ ...primary, DATABASE_REPLICA_URLS: 'r1:5432' })).toThrow(
      /DATABASE_REPLICA_URLS: must be PostgreSQL connection strings/,
    );
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://app@r1/careslot' })).toThrow(/DATABASE_REPLICA_URLS needs DATABASE_URL/);
    // A window shorter than the lag a replica in use may have would show someone their own write missing.
    expect(() =>
      loadConfig({
        ...primary,
        DATABASE_REPLICA_URLS: 'postgres://app@r1/careslot',
        REPLICA_MAX_LAG_MS: '5000',
        READ_YOUR_WRITES_MS: '3000',
      }),
    ).toThrow(/READ_YOUR_WRITES_MS \(3000\) must be at least REPLICA_MAX_LAG_MS plus 1000 \(6000\)/);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).DATABASE_PREPARED_STATEMENTS).toBe(false);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: '' }).DATABASE_PREPARED_STATEMENTS).toBe(true);
  });
});
