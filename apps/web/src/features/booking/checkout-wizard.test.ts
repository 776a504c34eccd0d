import { describe, expect, it } from 'vitest';
import { bookingMessages } from '@careslot/contracts/booking';
import { canRequestOtp, initialWizardState, isNextDisabled, wizardReducer, type WizardAction, type WizardState } from './checkout-wizard';

const run = (actions: WizardAction[], from: WizardState = initialWizardState) => actions.reduce(wizardReducer, from);

describe('checkout wizard', () => {
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
