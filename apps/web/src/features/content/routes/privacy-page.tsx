import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { clearConsent, getConsentChoice, getConsentId, subscribeConsent } from '../../../lib/consent';
import { paths } from '../../../lib/paths';
import { ContentPage, type TocEntry } from '../components/content-page';

const toc: TocEntry[] = [
  { id: 'who', label: 'Who we are' },
  { id: 'what', label: 'What we collect' },
  { id: 'why', label: 'Why we use it' },
  { id: 'health', label: 'Health information' },
  { id: 'sharing', label: 'Who we share it with' },
  { id: 'retention', label: 'How long we keep it' },
  { id: 'security', label: 'How we protect it' },
  { id: 'rights', label: 'Your rights' },
  { id: 'cookies', label: 'Cookies and local storage' },
  { id: 'contact', label: 'Contact and complaints' },
];

const COOKIES = [
  ['access_token', 'Keeps you signed in securely for a short time.', 'Essential', '15 minutes'],
  ['refresh_token', 'Renews your sign-in without asking for your password again.', 'Essential', '30 days, or until you log out'],
  ['user_id', 'Tells the app which account is signed in, to show your profile and bookings.', 'Essential', '30 days, or until you log out'],
  ['consentID', 'A random identifier that records your cookie choice, so we do not ask again.', 'Essential', '6 months'],
  [
    'careslot_captcha',
    'Proves your browser solved our automatic anti-robot check, so your searches are not limited; sent only with the results page.',
    'Essential',
    '18 minutes',
  ],
  [
    'demo_access_token, demo_refresh_token',
    'Only in the demonstration mode of the service, to sign in to the demo account.',
    'Essential',
    'Until you log out',
  ],
] as const;

const STORAGE = [
  ['selectedRegion', 'Remembers whether you are browsing UK or US providers.'],
  ['cookie_consent', 'Remembers whether you accepted or rejected non-essential cookies.'],
  ['first_name, isLoggedIn', 'Shows your name in the header while you are signed in.'],
  [
    'chatbot_session',
    'Remembers which conversation with our assistant is yours until you sign out; the conversation is deleted 30 days after your last message.',
  ],
] as const;

/** The recorded choice; 'recorded' when the consentID cookie exists but this browser's storage lost the answer. */
function currentChoice() {
  return getConsentChoice() ?? (getConsentId() ? 'recorded' : null);
}

function CookieChoice() {
  const choice = useSyncExternalStore(subscribeConsent, currentChoice, () => null);
  const [reset, setReset] = useState(false);
  return (
    <div className="alert" role="status">
      <p className="alert-title">Your cookie choice</p>
      <p>
        {choice === 'accepted' && 'You have accepted cookies on this device.'}
        {choice === 'rejected' && 'You have rejected non-essential cookies on this device.'}
        {choice === 'recorded' && 'Your cookie choice is recorded on this device.'}
        {!choice && (reset ? 'Your choice has been cleared. The cookie banner is showing again.' : 'You have not made a choice yet.')}
      </p>
      {choice && (
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            clearConsent();
            setReset(true);
          }}
        >
          Change my cookie choice
        </button>
      )}
    </div>
  );
}

export default function PrivacyPage() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Privacy and cookie notice"
      lead="How CareSlot collects, uses and protects your personal information, including the health information you share when you book, and the cookies we use."
      updated="22 November 2026"
      toc={toc}
    >
      <h2 id="who">1. Who we are</h2>
      <p>
        CareSlot is run by CareSlot Health Ltd, registered in England and Wales. For users in the UK, we are the <strong>controller</strong>{' '}
        of the personal data described here under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. The
        providers you book are separate controllers of the clinical records they create.
      </p>
      <p>
        In the USA, where a provider you book is a covered entity under the Health Insurance Portability and Accountability Act (HIPAA), we
        handle the protected health information we receive for them as their <strong>business associate</strong>, under a business associate
        agreement, and only to run the booking service.
      </p>

      <h2 id="what">2. What we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, e-mail address, phone number, date of birth and a securely hashed password.
        </li>
        <li>
          <strong>Booking details:</strong> the provider, clinic, date and time you book, whether you are a new or returning patient, and
          the reason for your visit that you type in.
        </li>
        <li>
          <strong>Payment details:</strong> the amount, method and status of each payment. Card and wallet details are entered directly with
          Stripe or PayPal; we never receive your full card number.
        </li>
        <li>
          <strong>Search details:</strong> the postcode or ZIP code, speciality and distance you search for.
        </li>
        <li>
          <strong>Messages:</strong> what you send us through the contact form or our help assistant.
        </li>
        <li>
          <strong>Technical data:</strong> your IP address, browser type and the pages you request, kept in security logs.
        </li>
      </ul>

      <h2 id="why">3. Why we use it, and our lawful basis</h2>
      <div className="table-scroll" role="region" aria-label="Purposes and lawful bases (scrolls sideways)" tabIndex={0}>
        <table>
          <caption className="visually-hidden">Purposes and lawful bases</caption>
          <thead>
            <tr>
              <th scope="col">Purpose</th>
              <th scope="col">Lawful basis (UK GDPR)</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Creating your account, making and managing bookings, sending confirmations and one-time codes</td>
              <td>Performance of a contract with you</td>
            </tr>
            <tr>
              <td>Passing the reason for your visit to the provider you book</td>
              <td>Your explicit consent, and the provision of health care (Article 9(2)(a) and (h))</td>
            </tr>
            <tr>
              <td>Taking payments, issuing refunds and keeping financial records</td>
              <td>Contract and legal obligation</td>
            </tr>
            <tr>
              <td>Verifying providers against their regulator&apos;s register</td>
              <td>Legitimate interests in patient safety</td>
            </tr>
            <tr>
              <td>Keeping the service secure, preventing fraud and abuse, rate-limiting</td>
              <td>Legitimate interests</td>
            </tr>
            <tr>
              <td>Answering your messages</td>
              <td>Legitimate interests, or contract if you have an account</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>We do not use your data for advertising, we do not sell it, and we do not make automated decisions about your care.</p>

      <h2 id="health">4. Health information</h2>
      <p>
        The reason for your visit is health information, which the law protects specially. We ask for it only so your provider can prepare,
        we show it only to the provider you book and to a small number of our support staff when you ask for help, and we never use it for
        any other purpose. Please do not include health details in messages sent through the contact form.
      </p>

      <h2 id="sharing">5. Who we share it with</h2>
      <ul>
        <li>
          <strong>The provider you book</strong>, and the clinic or company they work for: your name, contact details, booking and reason
          for visit.
        </li>
        <li>
          <strong>Payment processors:</strong> Stripe and PayPal, to take and refund payments.
        </li>
        <li>
          <strong>Service providers</strong> who host our systems and send our e-mails, under contracts that let them use the data only on
          our instructions.
        </li>
        <li>
          <strong>Regulators, courts or the police</strong>, only where the law requires it.
        </li>
      </ul>
      <p>
        Data about UK users is stored in the UK or the European Economic Area. Where data is transferred to the USA (for example when you
        book a US provider), we rely on the UK Extension to the EU-US Data Privacy Framework or the International Data Transfer Addendum.
      </p>

      <h2 id="retention">6. How long we keep it</h2>
      <ul>
        <li>Account details: while your account is open, and for 12 months after you close it.</li>
        <li>Booking and payment records: 7 years after the appointment, to meet tax and accounting rules.</li>
        <li>One-time codes: 10 minutes. Contact messages: 2 years. Security logs: 90 days.</li>
      </ul>

      <h2 id="security">7. How we protect it</h2>
      <p>
        All traffic is encrypted with TLS. Passwords are stored only as strong one-way hashes (Argon2id). Sign-in tokens are short lived,
        and cookies that carry them are marked Secure and SameSite=Strict. Access to personal data within our team is limited by role and
        recorded. If a breach ever puts your rights at risk, we will tell you and the regulator without undue delay.
      </p>

      <h2 id="rights">8. Your rights</h2>
      <p>If you are in the UK, you have the right to:</p>
      <ul>
        <li>get a copy of your personal data, and have inaccurate data corrected;</li>
        <li>ask us to delete your data, or restrict how we use it, where the law allows;</li>
        <li>object to uses based on legitimate interests, and withdraw consent at any time;</li>
        <li>receive the data you gave us in a portable format.</li>
      </ul>
      <p>
        If you are in the USA, you may have similar rights under the law of your state (for example the California Consumer Privacy Act),
        and rights over your health records under HIPAA, which you exercise with your provider. We will help you do so. We respond to every
        request within one month and never charge for it.
      </p>

      <h2 id="cookies">9. Cookies and local storage</h2>
      <p>
        Cookies are small files a website stores in your browser. CareSlot sets only the cookies the service needs to work securely; we use
        no advertising or cross-site tracking cookies. When you first visit, we ask for your choice. Whether you accept or reject, we store
        a random <code>consentID</code> so we can remember it; rejecting never stops the service from working.
      </p>
      <div className="table-scroll" role="region" aria-label="Cookies CareSlot sets (scrolls sideways)" tabIndex={0}>
        <table>
          <caption className="visually-hidden">Cookies CareSlot sets</caption>
          <thead>
            <tr>
              <th scope="col">Cookie</th>
              <th scope="col">What it does</th>
              <th scope="col">Type</th>
              <th scope="col">How long</th>
            </tr>
          </thead>
          <tbody>
            {COOKIES.map(([name, purpose, type, lasts]) => (
              <tr key={name}>
                <td>
                  <code>{name}</code>
                </td>
                <td>{purpose}</td>
                <td>{type}</td>
                <td>{lasts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>We also keep a few preferences in your browser&apos;s local storage, which never leave your device on their own:</p>
      <div className="table-scroll" role="region" aria-label="Local storage CareSlot uses (scrolls sideways)" tabIndex={0}>
        <table>
          <caption className="visually-hidden">Local storage CareSlot uses</caption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">What it does</th>
            </tr>
          </thead>
          <tbody>
            {STORAGE.map(([name, purpose]) => (
              <tr key={name}>
                <td>
                  <code>{name}</code>
                </td>
                <td>{purpose}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Stripe and PayPal may set their own cookies on their payment forms to prevent fraud; their privacy notices explain them. You can
        also delete cookies at any time in your browser settings.
      </p>
      <CookieChoice />

      <h2 id="contact">10. Contact and complaints</h2>
      <p>
        For any privacy question or to exercise your rights, <Link to={paths.contactUs}>contact us</Link> and mention &ldquo;privacy&rdquo;;
        our data protection officer will reply. If you are unhappy with our answer, in the UK you can complain to the Information
        Commissioner&apos;s Office (ico.org.uk, 0303 123 1113). In the USA you can contact your state attorney general, or the US Department
        of Health and Human Services Office for Civil Rights about health information.
      </p>
      <p>We will post any changes to this notice here and, if they are significant, tell account holders by e-mail.</p>
    </ContentPage>
  );
}
