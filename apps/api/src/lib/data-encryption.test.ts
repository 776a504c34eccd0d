import { describe, expect, it } from 'vitest';
import { DataCipher } from './data-encryption';

const key = 'a'.repeat(64);

describe('DataCipher', () => {
  it('round-trips, never stores the plaintext, and uses a fresh nonce every time', () => {
    const c = new DataCipher(key);
    const a = c.encrypt('12345678', 'bank_account:p1');
    const b = c.encrypt('12345678', 'bank_account:p1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('12345678');
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(c.decrypt(a, 'bank_account:p1')).toBe('12345678');
  });

  it('refuses another context, another key and a changed value', () => {
    const c = new DataCipher(key);
    const a = c.encrypt('12345678', 'bank_account:p1');
    expect(() => c.decrypt(a, 'bank_account:p2')).toThrow();
    expect(() => new DataCipher('b'.repeat(64)).decrypt(a, 'bank_account:p1')).toThrow();
    const flipped = a.slice(0, -2) + (a.at(-2) === 'A' ? 'B' : 'A') + a.at(-1);
    expect(() => c.decrypt(flipped, 'bank_account:p1')).toThrow();
    expect(() => c.decrypt('v0.abc', 'bank_account:p1')).toThrow(/format/);
  });

  it('fingerprints are stable per key and differ between keys', () => {
    const c = new DataCipher(key);
    expect(c.fingerprint('123456', '12345678')).toBe(c.fingerprint('123456', '12345678'));
    expect(c.fingerprint('123456', '12345678')).not.toBe(c.fingerprint('123456', '12345679'));
    expect(new DataCipher('b'.repeat(64)).fingerprint('123456', '12345678')).not.toBe(c.fingerprint('123456', '12345678'));
  });

  it('wants a 32-byte key in hex', () => {
    expect(() => new DataCipher('short')).toThrow(/64 hexadecimal/);
    expect(DataCipher.randomKeyHex()).toMatch(/^[0-9a-f]{64}$/);
  });
});
