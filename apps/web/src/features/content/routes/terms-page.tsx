import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ContentPage, type TocEntry } from '../components/content-page';

const toc: TocEntry[] = [
  { id: 'about-terms', label: 'About these terms' },
  { id: 'service', label: 'What CareSlot does' },
  { id: 'emergencies', label: 'Not for emergencies' },
  { id: 'accounts', label: 'Your account' },
  { id: 'bookings', label: 'Bookings and payment' },
  { id: 'cancellations', label: 'Cancellations and refunds' },
  { id: 'providers', label: 'Providers on CareSlot' },
  { id: 'acceptable-use', label: 'Acceptable use' },
  { id: 'liability', label: 'Our responsibility to you' },
  { id: 'changes', label: 'Changes and ending' },
  { id: 'law', label: 'Law and complaints' },
];

export default function TermsPage() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Terms of use"
      lead="The agreement between you and CareSlot Health Ltd when you use CareSlot to find and book healthcare appointments. Please read it; it is written to be understood."
      updated="22 November 2026"
      toc={toc}
    >
      <h2 id="about-terms">1. About these terms</h2>
      <p>
        CareSlot (the &ldquo;service&rdquo;) is operated by CareSlot Health Ltd (&ldquo;we&rdquo;, &ldquo;us&rdquo;), a company registered
        in England and Wales. These terms apply to everyone who uses the website, whether as a visitor, a patient with an account, or a
        healthcare provider. By creating an account or making a booking you agree to them. Our{' '}
        <Link to={paths.privacyCookie}>privacy and cookie notice</Link> explains how we handle personal data and forms part of these terms.
      </p>

      <h2 id="service">2. What CareSlot does</h2>
      <p>
        CareSlot is a booking platform. We help you find independent doctors, dentists and other healthcare professionals
        (&ldquo;providers&rdquo;) in the United Kingdom and the United States, see their availability and fees, and book and pay for an
        appointment.
      </p>
      <ul>
        <li>
          We are <strong>not</strong> a healthcare provider and do not give medical advice. Any information on a provider&apos;s profile is
          supplied by that provider.
        </li>
        <li>
          Your contract for care is with the provider you book. The provider is responsible for the clinical care they give, their fees, and
          their own professional obligations.
        </li>
        <li>
          We check each provider&apos;s registration with the relevant regulator before they can accept bookings, and act on information
          that a registration has lapsed, but we do not supervise their clinical practice.
        </li>
      </ul>

      <h2 id="emergencies">3. Not for emergencies</h2>
      <p>
        Do not use CareSlot if you need urgent medical help. In an emergency call <strong>999</strong> in the UK or <strong>911</strong> in
        the USA, or go to your nearest emergency department. In the UK, NHS 111 gives urgent advice when it is not an emergency.
      </p>

      <h2 id="accounts">4. Your account</h2>
      <ul>
        <li>You must be at least 18 to create an account. A parent or guardian may book for a child in their care.</li>
        <li>
          Give accurate details and keep them up to date. Your e-mail address is used to confirm bookings with a one-time code, so it must
          be one only you can read.
        </li>
        <li>
          Keep your password private. Tell us straight away if you think someone else has used your account. You are responsible for
          bookings made through your account unless it was used without your permission and you were not careless.
        </li>
      </ul>

      <h2 id="bookings">5. Bookings and payment</h2>
      <ul>
        <li>
          The fee shown before you pay is the fee the provider charges for that type of visit: a first visit if you are new to them, or a
          follow-up if you have seen them before. Choosing the wrong type may mean the provider asks you to pay the difference.
        </li>
        <li>
          A booking is confirmed only when you have entered the one-time code we send you and your payment has succeeded. We hold the time
          for you for a short while during checkout; if payment does not complete in that time, the slot is released.
        </li>
        <li>
          Payments are processed by our payment partners, Stripe (card) and PayPal (wallet). We never see or store your full card number.
          Prices are in pounds sterling (GBP) for UK providers and US dollars (USD) for US providers.
        </li>
        <li>
          If a slot is taken by someone else at the same moment, we will not take your money; if a payment was taken for a slot that could
          not be confirmed, it is refunded automatically.
        </li>
      </ul>

      <h2 id="cancellations">6. Cancellations and refunds</h2>
      <ul>
        <li>
          If you can no longer attend, tell us or the provider as early as you can so the time can be offered to someone else. Any refund
          follows the provider&apos;s cancellation policy, which is shown before you pay.
        </li>
        <li>
          If a provider cancels your appointment, you receive a full refund to the original payment method and an e-mail telling you so, and
          you are free to book another time.
        </li>
        <li>
          In the UK, your statutory right to cancel a services contract within 14 days ends once the appointment has taken place at your
          request within that period.
        </li>
      </ul>

      <h2 id="providers">7. Providers on CareSlot</h2>
      <p>
        Providers agree to separate provider terms. In short, they must hold and maintain a valid registration with their regulator and
        appropriate professional indemnity insurance, keep their availability and fees accurate, honour bookings, and handle patient
        information in line with UK GDPR or HIPAA, as applies to them.
      </p>

      <h2 id="acceptable-use">8. Acceptable use</h2>
      <p>You must not:</p>
      <ul>
        <li>make bookings you do not intend to keep, or book in someone else&apos;s name without their authority;</li>
        <li>try to access accounts or data that are not yours, or test, scan or disrupt the service;</li>
        <li>use automated tools to copy provider listings or availability;</li>
        <li>send abusive, threatening or unlawful messages to providers or to our team.</li>
      </ul>
      <p>We may suspend or close an account that breaks these rules, and will tell you why unless the law prevents us.</p>

      <h2 id="liability">9. Our responsibility to you</h2>
      <p>
        We provide the service with reasonable care and skill. We are not responsible for the clinical care given by providers, or for
        losses that were not foreseeable, or that arise from events outside our reasonable control. Nothing in these terms limits liability
        for death or personal injury caused by our negligence, for fraud, or any other liability that cannot legally be limited, and nothing
        affects your statutory rights as a consumer.
      </p>

      <h2 id="changes">10. Changes and ending</h2>
      <p>
        We may update these terms to reflect changes in the law or in the service. We will tell account holders about important changes by
        e-mail at least 30 days before they apply. You can close your account at any time by <Link to={paths.contactUs}>contacting us</Link>
        ; bookings already paid for stay valid unless you cancel them.
      </p>

      <h2 id="law">11. Law and complaints</h2>
      <p>
        If something goes wrong, please <Link to={paths.contactUs}>contact us</Link> first; we aim to resolve complaints within 14 days. For
        users in the UK, these terms are governed by the law of England and Wales, and you may bring proceedings in the courts of the part
        of the UK where you live. For users in the USA, these terms are governed by the law of the state where you live, to the extent that
        law applies.
      </p>
    </ContentPage>
  );
}
