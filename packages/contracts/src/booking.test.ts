import { describe, expect, it } from 'vitest';
import {
  bookingMessages,
  checkoutRequestSchema,
  feeFor,
  isOtpComplete,
  normaliseOtpInput,
  typeOfVisitFor,
  validatePurpose,
} from './booking';

describe('purpose of visit', () => {
  it.each([
    ['', bookingMessages.purposeInvalid],
    ['   ', bookingMessages.purposeInvalid],
    ['1234567890', bookingMessages.purposeInvalid],
    ['!!!', bookingMessages.purposeInvalid],
    ['headache', bookingMessages.purposeTooShort],
    ['  headache   ', bookingMessages.purposeTooShort],
    ['abcdefghij', bookingMessages.purposeTooShort],
    ['12345 pain', bookingMessages.purposeTooShort],
    ['abcdefghijk', null],
    ['12345678901', null],
    ['Persistent cough for two weeks', null],
    ['Douleur à la poitrine', null],
  ])('%j → %s', (text, expected) => {
    expect(validatePurpose(text)).toBe(expected);
  });
});

describe('one-time code input', () => {
  it('accepts exactly six digits', () => {
    expect(isOtpComplete('123456')).toBe(true);
    expect(isOtpComplete('12345')).toBe(false);
    expect(isOtpComplete('1234567')).toBe(false);
    expect(isOtpComplete('12a456')).toBe(false);
    expect(isOtpComplete('')).toBe(false);
  });
  it('keeps pasted codes to their digits', () => {
    expect(normaliseOtpInput('123 456')).toBe('123456');
    expect(normaliseOtpInput(' 12-34-56 ')).toBe('123456');
    expect(normaliseOtpInput('1234567890')).toBe('123456');
    expect(normaliseOtpInput('abc')).toBe('');
  });
});

describe('fee choice', () => {
  const fees = { amount: 8000, follow_amount: 5500 };
  it('first visit pays amount, follow-up pays follow_amount', () => {
    expect(feeFor('first_visit', fees)).toBe(8000);
    expect(feeFor('follow_up', fees)).toBe(5500);
  });
  it('maps the old-patient choice to the visit type', () => {
    expect(typeOfVisitFor(false)).toBe('first_visit');
    expect(typeOfVisitFor(true)).toBe('follow_up');
  });
  it('defaults the request to first_visit and carries no amount', () => {
    const parsed = checkoutRequestSchema.parse({
      providerId: '5b7b3f5e-3c1a-4d6b-9a51-6a8d2a0e1f11',
      providerRegion: 'uk',
      bookedDate: '03/03/2027',
      timeSlot: '9:00 AM',
      purpose_for_visit: 'Persistent cough for two weeks',
      selectedAmount: 1,
    });
    expect(parsed.type_of_visit).toBe('first_visit');
    expect(parsed).not.toHaveProperty('selectedAmount');
  });
});
