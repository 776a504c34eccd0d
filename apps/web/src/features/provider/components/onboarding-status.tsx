import type { OnboardingStatus } from '@careslot/contracts/provider-registration';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useOnboardingStatus, useResendProviderVerification } from '../api/registration-api';
import styles from './register-wizard.module.css';

/**
 * The live answer of /api/provider-verification-status/ for /provider-verify (the provider) and /company-verify (the
 * company, then the provider's own e-mail and registration, which a company registration also has to clear).
 */
export function OnboardingStatusPanel({ show }: { show: 'provider' | 'company' }) {
  const status = useOnboardingStatus();
  if (status.isPending) return <p aria-live="polite">Checking where your registration stands…</p>;
  if (status.isError) {
    if (status.error instanceof ApiError && status.error.status === 401) {
      return (
        <Alert tone="info" title="Where your registration stands">
          <p>Sign in as a provider to see where your registration stands.</p>
        </Alert>
      );
    }
    return <Alert tone="error">{status.error.message}</Alert>;
  }
  if (show === 'provider') return <ProviderStatus data={status.data} />;
  return (
    <>
      <CompanyStatus data={status.data} />
      <ProviderStatus data={status.data} />
    </>
  );
}

function ProviderStatus({ data }: { data: OnboardingStatus }) {
  const resend = useResendProviderVerification();
  const verified = data.verification_status === 'Verified';
  return (
    <ul className={styles.status} aria-label="Where your registration stands">
      <li>
        <h2>Your e-mail address</h2>
        {data.email_verified ? (
          <p>
            <span className={styles.ok}>Confirmed.</span> You can sign in as a provider.
          </p>
        ) : (
          <>
            <p>
              <span className={styles.wait}>Not confirmed yet.</span> Open the link in the e-mail we sent you, then sign in as a provider.
            </p>
            {resend.isSuccess ? (
              <p role="status">{resend.data.message}</p>
            ) : (
              <Button variant="secondary" onClick={() => resend.mutate()} loading={resend.isPending}>
                Send the e-mail again
              </Button>
            )}
            {resend.isError && <Alert tone="error">{resend.error.message}</Alert>}
          </>
        )}
      </li>
      <li>
        <h2>Your professional registration</h2>
        <p>
          <span className={verified ? styles.ok : styles.wait}>{verified ? 'Verified.' : 'Unverified.'}</span> {data.verification_reason}
        </p>
        <p>
          {verified
            ? 'Patients can find and book you once you have published your availability.'
            : 'You can sign in and set up your profile and availability now; patients can find and book you once your registration is verified.'}
        </p>
      </li>
    </ul>
  );
}

function CompanyStatus({ data }: { data: OnboardingStatus }) {
  if (!data.company) {
    return (
      <Alert tone="info" title="No company yet">
        <p>Your account is not linked to a company. You can join CareSlot on your own; companies are optional.</p>
      </Alert>
    );
  }
  const verified = data.company.verification_status === 'Verified';
  return (
    <ul className={styles.status} aria-label="Your company">
      <li>
        <h2>{data.company.name}</h2>
        <p>Company number {data.company.registration_number}</p>
        <p>
          <span className={verified ? styles.ok : styles.wait}>{verified ? 'Verified.' : 'Unverified.'}</span>{' '}
          {verified
            ? 'Patients see your company name on your profile.'
            : 'Our team checks the company before its name appears on your public profile. Your own bookings do not wait for it.'}
        </p>
      </li>
    </ul>
  );
}
