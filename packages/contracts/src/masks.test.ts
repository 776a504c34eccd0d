import { describe, expect, it } from 'vitest';
import { maskAccountNumber, maskEmail } from './masks';

describe('maskAccountNumber', () => {
  it.each([
    ['12345678', 'XXXX5678'],
    ['00012345', 'XXXX2345'],
    ['123456789012', 'XXXX56789012'],
    ['12345', 'XXXX5'],
    ['1234', 'XXXX'],
    ['123', 'XXX'],
    ['', ''],
  ])('%j → %j (first four digits hidden)', (input, masked) => {
    expect(maskAccountNumber(input)).toBe(masked);
  });

  it('never reveals any of the first four digits', () => {
    const masked = maskAccountNumber('98761111');
    expect(masked.slice(0, 4)).toBe('XXXX');
    expect(masked).not.toMatch(/9876/);
  });
});

describe('maskEmail', () => {
  it.each([
    ['patient@careslot.test', 'paxxxxx@careslot.test'],
    ['alex.morgan@example.com', 'alxxxxxxxxx@example.com'],
    ['ab@example.com', 'ab@example.com'],
    ['a@example.com', 'a@example.com'],
    ['abc@example.co.uk', 'abx@example.co.uk'],
  ])('%s → %s', (input, masked) => {
    expect(maskEmail(input)).toBe(masked);
  });

  it('keeps the domain and the length of the local part', () => {
    const masked = maskEmail('jonathan@hospital.nhs.uk');
    expect(masked).toBe('joxxxxxx@hospital.nhs.uk');
    expect(masked.length).toBe('jonathan@hospital.nhs.uk'.length);
  });

  it('leaves text without an @ unchanged', () => {
    expect(maskEmail('not-an-email')).toBe('not-an-email');
  });
});
