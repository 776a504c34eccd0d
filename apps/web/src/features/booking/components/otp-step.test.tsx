import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingMessages } from '@careslot/contracts/booking';
import { codeNotice, initialWizardState, wizardReducer, type WizardAction, type WizardState } from '../checkout-wizard';
import { OtpStep } from './otp-step';

const run = (actions: WizardAction[], from: WizardState = initialWizardState) => actions.reduce(wizardReducer, from);
const NOW = Date.parse('2027-03-03T10:00:00Z');
const EMAIL = 'alxxxxx@example.com';

/** The code step as the checkout shows it for a wizard state. */
function renderStep(state: WizardState, onResend = vi.fn()) {
  const view = (s: WizardState) => (
    <OtpStep
      headingRef={null}
      sentTo={s.otpEmail}
      otp={s.otp}
      verified={s.otpVerified}
      error={s.otpError}
      notice={s.otpNotice}
      spent={s.otpSpent}
      resendAvailableAt={s.resendAvailableAt}
      busy={false}
      onChange={() => undefined}
      onBack={() => undefined}
      onResend={onResend}
    >
      <span />
    </OtpStep>
  );
  const result = render(view(state));
  return { ...result, update: (s: WizardState) => result.rerender(view(s)) };
}

/** Step 3 with a code just sent (the resend pause of 30 s starts now). */
const atCodeStep = () =>
  run([
    { type: 'next' },
    { type: 'setPurpose', purpose: 'Headache for a week now' },
    { type: 'otpSent', maskedEmail: EMAIL, sent: true, resendAvailableAt: NOW + 30_000 },
  ]);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the one-time code step says what is happening', () => {
  it('counts the resend pause down on "Send a new code", then lets it be pressed', async () => {
    const onResend = vi.fn();
    renderStep(atCodeStep(), onResend);
    const button = screen.getByRole('button', { name: /Send a new code/ });
    expect(button.textContent).toBe('Send a new code in 0:30');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(button.textContent).toBe('Send a new code in 0:18');
    await act(() => vi.advanceTimersByTimeAsync(18_000));
    expect(button.textContent).toBe('Send a new code');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    expect(onResend).toHaveBeenCalledOnce();
  });

  it("keeps 'Invalid OTP' for a wrong code", () => {
    const wrong = run(
      [
        { type: 'setOtp', otp: '123456' },
        { type: 'otpChecked', ok: false, reason: 'invalid', message: 'Invalid OTP' },
      ],
      atCodeStep(),
    );
    renderStep(wrong);
    expect(screen.getByRole('alert').textContent).toContain(bookingMessages.invalidOtp);
    expect((screen.getByLabelText('One-time code') as HTMLInputElement).disabled).toBe(false);
  });

  it('says the code is locked after too many wrong tries, and offers a new one at once', () => {
    const locked = run(
      [
        { type: 'setOtp', otp: '123456' },
        { type: 'otpChecked', ok: false, reason: 'locked', message: 'Too many wrong codes. Please request a new one.' },
      ],
      atCodeStep(),
    );
    renderStep(locked);
    expect(screen.getByRole('alert').textContent).toContain('Too many wrong codes. Please request a new one.');
    expect(screen.queryByText(bookingMessages.invalidOtp)).toBeNull();
    // Typing is pointless until a new code comes; the server replaces a locked code without waiting for the pause.
    expect((screen.getByLabelText('One-time code') as HTMLInputElement).disabled).toBe(true);
    const button = screen.getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
  });

  it('says an expired code has expired', () => {
    const expired = run(
      [
        { type: 'setOtp', otp: '123456' },
        { type: 'otpChecked', ok: false, reason: 'expired', message: bookingMessages.otpExpired },
      ],
      atCodeStep(),
    );
    renderStep(expired);
    expect(screen.getByRole('alert').textContent).toContain(bookingMessages.otpExpired);
  });

  it('says a new code was sent, and that the earlier one still works when none was', () => {
    const locked = run([{ type: 'otpChecked', ok: false, reason: 'locked' }], atCodeStep());
    const resent = run([{ type: 'otpSent', maskedEmail: EMAIL, sent: true, resendAvailableAt: NOW + 30_000 }], locked);
    const { update } = renderStep(resent);
    expect(screen.getByRole('status').textContent).toBe(codeNotice(EMAIL, true));
    expect(screen.getByRole('status').textContent).toContain(`We sent a new code to ${EMAIL}`);
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('One-time code') as HTMLInputElement).disabled).toBe(false);

    update(run([{ type: 'otpSent', maskedEmail: EMAIL, sent: false, resendAvailableAt: NOW + 10_000 }], resent));
    expect(screen.getByRole('status').textContent).toContain('moments ago still works');
    expect(screen.getByRole('button', { name: /Send a new code/ }).textContent).toBe('Send a new code in 0:10');
  });

  it('says when the code could not be checked at all, without calling it invalid', () => {
    const failed = run(
      [
        { type: 'setOtp', otp: '123456' },
        { type: 'otpProblem', message: 'Too many requests. Please wait a while.' },
      ],
      atCodeStep(),
    );
    renderStep(failed);
    expect(screen.getByRole('alert').textContent).toContain('Too many requests. Please wait a while.');
  });
});
