import { Alert } from '../../../components/ui/alert';
import { NextSteps } from '../components/next-steps';
import { OnboardingStatusPanel } from '../components/onboarding-status';

export default function ProviderVerifyPage() {
  return (
    <NextSteps
      eyebrow="Provider registration"
      title="Thank you for registering with CareSlot"
      lead="Your registration has been received. Before patients can book you, we check that you are registered with your professional regulator. Here is where you stand and what to expect."
      status={<OnboardingStatusPanel show="provider" />}
      steps={[
        {
          title: 'Confirm your e-mail address',
          body: 'We have sent you an e-mail with a confirmation link. Open it to activate your account; the link expires after 24 hours.',
        },
        {
          title: 'We check your professional registration',
          body: 'We compare the membership number and name you gave us with the register of your regulator: the General Medical Council or General Dental Council in the UK, or the NPI Registry in the USA. When the register agrees, you are verified at once; otherwise our team looks at it, usually within one working day.',
        },
        {
          title: 'We tell you the result',
          body: 'This page shows the result and the reason. If the details do not match, for example because of a name change, we tell you what we need to complete the check. We look at the register again every day.',
        },
        {
          title: 'Publish your availability',
          body: 'Sign in to your dashboard to add your clinics, consultation times, fees and bank account. Patients can book you as soon as you are verified and have availability.',
        },
      ]}
      aside={
        <Alert tone="info" title="You can sign in now">
          <p>
            While the check is in progress you can already complete your profile and add availability. It stays hidden from patients until
            you are verified.
          </p>
        </Alert>
      }
    />
  );
}
