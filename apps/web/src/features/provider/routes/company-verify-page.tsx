import { Alert } from '../../../components/ui/alert';
import { NextSteps } from '../components/next-steps';
import { OnboardingStatusPanel } from '../components/onboarding-status';

export default function CompanyVerifyPage() {
  return (
    <NextSteps
      eyebrow="Company registration"
      title="Thank you for registering your company"
      lead="Your company's registration has been received. We verify the organisation first, then each clinician who practises through it, so patients can trust every listing."
      status={<OnboardingStatusPanel show="company" />}
      steps={[
        {
          title: 'Confirm your e-mail address',
          body: 'Open the confirmation link we have e-mailed to you when you registered, to activate your account.',
        },
        {
          title: 'We verify your company',
          body: 'We check the legal name and company number against Companies House in the UK, or the business registration and EIN in the USA. This usually takes one to two working days. We may ask for proof of address or of your authority to act for the company.',
        },
        {
          title: 'Your clinicians are verified individually',
          body: 'Each doctor or dentist in your team is checked against their regulator before they can take bookings, exactly as independent providers are.',
        },
        {
          title: 'Start taking bookings',
          body: 'Once verified, add your locations, your team’s availability and the bank account payments should go to.',
        },
      ]}
      aside={
        <Alert tone="info" title="Keep an eye on your inbox">
          <p>We will e-mail you at each step. If we need more information, the e-mail says exactly what and how to send it securely.</p>
        </Alert>
      }
    />
  );
}
