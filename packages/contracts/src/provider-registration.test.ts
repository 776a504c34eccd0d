import { describe, expect, it } from 'vitest';
import { parseAmountText } from './provider-workspace';
import {
  companyNumberProblem,
  isValidNpi,
  membershipNumberProblem,
  namesMatch,
  normaliseName,
  providerRegisterRequestSchema,
} from './provider-registration';

describe('name normalisation', () => {
  it('trims, collapses whitespace and ignores case', () => {
    expect(normaliseName('  Amelia \t  HART ')).toBe('amelia hart');
    expect(namesMatch(' amelia', 'HART  ', 'Amelia Hart')).toBe(true);
    expect(namesMatch('Amelia', 'Hart', 'Amelia  Hart')).toBe(true);
    expect(namesMatch('Amelia', 'Harte', 'Amelia Hart')).toBe(false);
    expect(namesMatch('Ada Chioma', 'Okoro', 'ada chioma okoro')).toBe(true);
  });
});

describe('register number shapes', () => {
  it('GMC: exactly 7 digits', () => {
    expect(membershipNumberProblem('gmc', '7000001')).toBeNull();
    expect(membershipNumberProblem('gmc', ' 7000001 ')).toBeNull();
    for (const bad of ['700000', '70000012', '70000a1', '']) expect(membershipNumberProblem('gmc', bad)).toMatch(/7 digits/);
  });
  it('GDC: up to 6 digits', () => {
    for (const ok of ['1', '70001', '123456']) expect(membershipNumberProblem('gdc', ok)).toBeNull();
    for (const bad of ['1234567', 'GDC1', '']) expect(membershipNumberProblem('gdc', bad)).toMatch(/6 digits/);
  });
  it('NPI: 10 digits with a Luhn check digit over 80840 + the first nine', () => {
    for (const ok of ['1234567893', '1245319599']) {
      expect(isValidNpi(ok)).toBe(true);
      expect(membershipNumberProblem('npi', ok)).toBeNull();
    }
    for (const bad of ['1234567890', '1234567894', '1245319590']) {
      expect(isValidNpi(bad)).toBe(false);
      expect(membershipNumberProblem('npi', bad)).toMatch(/last digit/);
    }
    expect(membershipNumberProblem('npi', '123456789')).toMatch(/10 digits/);
    expect(isValidNpi('12345678a3')).toBe(false);
  });
  it('companies: 8-character Companies House number or 9-digit EIN', () => {
    expect(companyNumberProblem('uk', '01234567')).toBeNull();
    expect(companyNumberProblem('uk', 'sc123456')).toBeNull();
    expect(companyNumberProblem('uk', '1234567')).toMatch(/8 characters/);
    expect(companyNumberProblem('usa', '12-3456789')).toBeNull();
    expect(companyNumberProblem('usa', '1234567')).toMatch(/9 digits/);
  });
});

describe('fee parsing', () => {
  it('reads major units into minor units', () => {
    expect(parseAmountText('62.00')).toBe(6200);
    expect(parseAmountText('62')).toBe(6200);
    expect(parseAmountText('62.5')).toBe(6250);
    for (const bad of ['62.001', '-5', 'free', '', '1e3']) expect(parseAmountText(bad)).toBeNull();
  });
});

describe('providerRegisterRequestSchema', () => {
  const base = {
    first_name: 'amelia',
    last_name: 'hart',
    email: 'Amelia@Example.com',
    password: 'quiet-meadow-compass',
    phone_number: '07911 123456',
    region: 'uk',
    regulator: 'gmc',
    membership_number: '7000001',
    speciality: 'gp',
    hospital: { name: 'Clinic', address: '1 Street', city: 'London', postcode: 'W1G 7JQ' },
    amount: '62.00',
    follow_amount: '45',
    consultation_minutes: '20',
  };
  it('capitalises names, lowercases the e-mail and defaults qualifications', () => {
    const v = providerRegisterRequestSchema.parse(base);
    expect(v).toMatchObject({
      first_name: 'Amelia',
      last_name: 'Hart',
      email: 'amelia@example.com',
      qualifications: [],
      consultation_minutes: 20,
    });
  });
  it('keeps the regulator to the region', () => {
    const r = providerRegisterRequestSchema.safeParse({ ...base, region: 'usa', phone_number: '(201) 555-0123' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['regulator']);
  });
});
