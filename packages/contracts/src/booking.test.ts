import { describe, expect, it } from 'vitest';
import {
  bookingMessages,
  canRequestOtp,
  checkoutRequestSchema,
  feeFor,
  initialWizardState,
  isNextDisabled,
  isOtpComplete,
  normaliseOtpInput,
  typeOfVisitFor,
  validatePurpose,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './booking';
import { formatOrdinalDate } from './time';

const run = (actions: WizardAction[], from: WizardState = initialWizardState) => actions.reduce(wizardReducer, from);

describe('purpose of visit (SPEC §5)', () => {
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

describe('OTP input (SPEC §5)', () => {
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

describe('fee choice (SPEC §4)', () => {
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

describe('ordinal dates', () => {
  it.each([
    ['03/03/2027', '3rd March 2027'],
    ['01/01/2027', '1st January 2027'],
    ['02/02/2027', '2nd February 2027'],
    ['11/11/2027', '11th November 2027'],
    ['12/12/2027', '12th December 2027'],
    ['13/06/2027', '13th June 2027'],
    ['21/06/2027', '21st June 2027'],
    ['22/06/2027', '22nd June 2027'],
    ['23/06/2027', '23rd June 2027'],
    ['31/07/2027', '31st July 2027'],
  ])('%s → %s', (text, expected) => expect(formatOrdinalDate(text)).toBe(expected));
});

describe('checkout wizard (SPEC §4)', () => {
  it('starts at step 1 as a new patient paying by card', () => {
    expect(initialWizardState).toMatchObject({ step: 1, typeOfVisit: 'first_visit', isOldPatient: false, paymentMethod: 'stripe' });
  });

  it('switches visit type and payment method', () => {
    const s = run([
      { type: 'setVisit', isOldPatient: true },
      { type: 'setPaymentMethod', method: 'paypal' },
    ]);
    expect(s).toMatchObject({ typeOfVisit: 'follow_up', isOldPatient: true, paymentMethod: 'paypal' });
    expect(run([{ type: 'setVisit', isOldPatient: false }], s).typeOfVisit).toBe('first_visit');
  });

  it('goes 1 → 2, back to 1, and disables step 2 Next while the purpose is empty', () => {
    const s2 = run([{ type: 'next' }]);
    expect(s2.step).toBe(2);
    expect(isNextDisabled(s2)).toBe(true);
    expect(isNextDisabled(run([{ type: 'setPurpose', purpose: 'hi' }], s2))).toBe(false);
    expect(run([{ type: 'back' }], s2).step).toBe(1);
    expect(run([{ type: 'back' }]).step).toBe(1);
  });

  it('reaches step 3 only when the code was sent for a valid purpose', () => {
    const short = run([{ type: 'next' }, { type: 'setPurpose', purpose: 'headache' }]);
    expect(canRequestOtp(short)).toBe(false);
    expect(run([{ type: 'otpSent', maskedEmail: 'alxx@example.com' }], short).step).toBe(2);
    const ok = run([{ type: 'next' }, { type: 'setPurpose', purpose: 'Headache for a week now' }]);
    expect(canRequestOtp(ok)).toBe(true);
    // 'next' alone never skips the OTP request.
    expect(run([{ type: 'next' }], ok).step).toBe(2);
    const s3 = run([{ type: 'otpSent', maskedEmail: 'alxx@example.com' }], ok);
    expect(s3).toMatchObject({ step: 3, otpEmail: 'alxx@example.com', otp: '', otpVerified: false });
    expect(isNextDisabled(s3)).toBe(true);
  });

  it('verifies once; afterwards the code, visit and purpose are locked', () => {
    const s3 = run([
      { type: 'next' },
      { type: 'setPurpose', purpose: 'Headache for a week now' },
      { type: 'otpSent', maskedEmail: 'alxx@example.com' },
      { type: 'setOtp', otp: '12 34 56' },
    ]);
    expect(s3.otp).toBe('123456');
    const wrong = run([{ type: 'otpChecked', ok: false }], s3);
    expect(wrong.otpError).toBe(bookingMessages.invalidOtp);
    expect(run([{ type: 'setOtp', otp: '1' }], wrong).otpError).toBeNull();
    const verified = run([{ type: 'otpChecked', ok: true }], s3);
    expect(verified).toMatchObject({ otpVerified: true, otpError: null });
    expect(run([{ type: 'setOtp', otp: '999999' }], verified).otp).toBe('123456');
    expect(run([{ type: 'setVisit', isOldPatient: true }], verified).typeOfVisit).toBe('first_visit');
    expect(run([{ type: 'setPurpose', purpose: 'changed text here' }], verified).purpose).toBe('Headache for a week now');
    expect(run([{ type: 'otpChecked', ok: false }], verified).otpVerified).toBe(true);
    expect(run([{ type: 'back' }], verified).step).toBe(3);
  });

  it('forgets an unverified code when going back from step 3', () => {
    const s3 = run([
      { type: 'next' },
      { type: 'setPurpose', purpose: 'Headache for a week now' },
      { type: 'otpSent', maskedEmail: 'alxx@example.com' },
      { type: 'setOtp', otp: '123' },
    ]);
    expect(run([{ type: 'back' }], s3)).toMatchObject({ step: 2, otp: '' });
  });
});
