import type { ReactNode, Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { checkoutText } from '../checkout-wizard';
import styles from './checkout.module.css';
import { StepHeading } from './step-heading';

interface Props {
  headingRef: Ref<HTMLHeadingElement>;
  /** The masked address the code went to. */
  sentTo: string | null;
  otp: string;
  verified: boolean;
  error: string | null;
  busy: boolean;
  onChange(value: string): void;
  onBack(): void;
  onResend(): void;
  /** The payment buttons, shown once the code is verified. */
  children: ReactNode;
}

/** Step 3, OTP verification: the code is checked as soon as it has 6 digits; then the payment buttons appear. */
export function OtpStep({ headingRef, sentTo, otp, verified, error, busy, onChange, onBack, onResend, children }: Props) {
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
          disabled={verified}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'otp-error' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {error && (
          <p id="otp-error" className="field-error" role="alert">
            <span aria-hidden="true">⚠ </span>
            {error}
          </p>
        )}
      </div>
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
          <button type="button" className={styles.linkButton} onClick={onResend} disabled={busy}>
            Send a new code
          </button>
        </div>
      )}
    </>
  );
}
