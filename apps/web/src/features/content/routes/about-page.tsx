import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { ContentPage } from '../components/content-page';
import styles from './about-page.module.css';

export default function AboutPage() {
  return (
    <ContentPage
      eyebrow="About us"
      title="Making it simple to see the right clinician, at the right time"
      lead="CareSlot helps people in the United Kingdom and the United States find a verified doctor or dentist nearby, see when they are genuinely free, and book and pay in a few minutes."
    >
      <h2 id="why">Why we built CareSlot</h2>
      <p>
        Getting an appointment should not mean phoning around during your lunch break, waiting on hold, or guessing what a visit will cost.
        Independent clinics, meanwhile, lose time to missed calls and empty slots. CareSlot connects the two: patients see real availability
        and clear fees, and providers fill their diaries without extra admin.
      </p>

      <div className={styles.values}>
        <section className={styles.value} aria-labelledby="v-trust">
          <h3 id="v-trust">Trust first</h3>
          <p>
            A provider can only take bookings after we have checked their professional registration with the regulator: the General Medical
            Council or General Dental Council in the UK, and the national NPI registry in the USA.
          </p>
        </section>
        <section className={styles.value} aria-labelledby="v-clarity">
          <h3 id="v-clarity">Clarity before commitment</h3>
          <p>You see the fee for a first visit and for a follow-up, in pounds or dollars, before you pay. No hidden booking charges.</p>
        </section>
        <section className={styles.value} aria-labelledby="v-privacy">
          <h3 id="v-privacy">Privacy by design</h3>
          <p>
            We collect only what a booking needs, share your reason for visiting only with the provider you book, and never sell personal
            data.
          </p>
        </section>
      </div>

      <h2 id="how">How CareSlot works</h2>
      <ol>
        <li>
          <strong>Search.</strong> Enter a UK postcode or US ZIP code, choose a speciality such as GP, dentistry, dermatology or
          paediatrics, and how far you are happy to travel.
        </li>
        <li>
          <strong>Compare.</strong> Each provider profile shows qualifications, languages, the clinics where they practise, consultation
          length and fees.
        </li>
        <li>
          <strong>Book.</strong> Pick a time. We hold the slot for you while you confirm with a one-time code sent to your e-mail and pay by
          card or wallet.
        </li>
        <li>
          <strong>Attend.</strong> Your confirmation e-mail has the date, time, address and a calendar invitation. If your plans change, let
          the clinic or us know as early as you can.
        </li>
      </ol>

      <h2 id="providers">For doctors, dentists and clinics</h2>
      <p>
        CareSlot is free to join. Providers publish their availability, manage bookings and cancellations, and receive payments to their own
        bank account. Clinics and healthcare companies can register once and bring their whole team.{' '}
        <Link to={paths.providerVerify}>See what happens after you register</Link>.
      </p>

      <h2 id="not-emergency">What CareSlot is not</h2>
      <p>
        CareSlot is a booking service, not a healthcare provider, and it is not for emergencies. Clinical care is given by the independent
        professionals you book, who remain responsible for it. If you are seriously unwell, call <strong>999</strong> in the UK or{' '}
        <strong>911</strong> in the USA. In the UK you can also call <strong>NHS 111</strong> for urgent advice.
      </p>

      <h2 id="company">Who we are</h2>
      <p>
        CareSlot is operated by CareSlot Health Ltd, a company registered in England and Wales. We are a small team of clinicians, engineers
        and patient advocates who believe that booking care should be as easy as booking anything else, without compromising on safety or
        privacy.
      </p>
      <p>
        Questions, feedback or a partnership idea? <Link to={paths.contactUs}>Contact us</Link>; we reply within two working days.
      </p>
    </ContentPage>
  );
}
