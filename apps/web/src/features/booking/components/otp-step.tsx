import type { ReactNode, Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { checkoutText, resendLabel } from '../checkout-wizard';
import { useSecondsLeft } from '../hooks/use-seconds-left';
import styles from './checkout.module.css';
import { StepHeading } from './step-heading';

interface Props {
  headingRef: Ref<HTMLHeadingElement>;
  /** The masked address the code went to. */
  sentTo: string | null;
  otp: string;
  verified: boolean;
  error: string | null;
  /** A word about the last code asked for: a new one was sent, or the one sent moments ago still stands. */
  notice: string | null;
  /** The code is locked or expired: the field waits for a new code. */
  spent: boolean;
  /** Until when a new code cannot be sent yet (epoch ms), or null. */
  resendAvailableAt: number | null;
  busy: boolean;
  onChange(value: string): void;
  onBack(): void;
  onResend(): void;
  /** The payment buttons, shown once the code is verified. */
  children: ReactNode;
}

/**
 * Step 3, OTP verification: the code is checked as soon as it has 6 digits; then the payment buttons appear. "Send a
 * new code" counts down the resend pause; what happened to the last request is said in a status line.
 */
export function OtpStep(props: Props) {
  const { headingRef, sentTo, otp, verified, error, notice, spent, resendAvailableAt, busy, onChange, onBack, onResend, children } = props;
  const secondsLeft = useSecondsLeft(resendAvailableAt);
  const described = [error && 'otp-error', notice && 'otp-notice'].filter(Boolean).join(' ');
  return (
    <>
      <StepHeading headingRef={headingRef}>OTP verification</StepHeading>
      <p className={styles.muted}>
        Enter the 6-digit code we sent to <strong>{sentTo}</strong>. It expires in 10 minutes.
      </p>
      <div className="field">
        <label htmlFor="otp" className="field-label">
          One-time code
        </label>
        <input
          id="otp"
          name="otp"
          className={`input ${styles.otpInput}`}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={12}
          value={otp}
          disabled={verified || spent}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {error && (
          <p id="otp-error" className="field-error" role="alert">
            <span aria-hidden="true">⚠ </span>
            {error}
          </p>
        )}
      </div>
      <p id="otp-notice" className={styles.muted} role="status">
        {notice}
      </p>
      {verified ? (
        <>
          <p className={styles.verified} role="status">
            {checkoutText.otpVerified}
          </p>
          <div className={styles.payButtons}>{children}</div>
        </>
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            Back
          </Button>
          <button type="button" className={styles.linkButton} onClick={onResend} disabled={busy || secondsLeft > 0}>
            {resendLabel(secondsLeft)}
          </button>
        </div>
      )}
    </>
  );
}
