import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import { currencySymbol } from '@careslot/contracts/money';
import { SearchForm } from '../../../components/search-form/search-form';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';
import { REGION_LABELS, useSelectedRegion } from '../../../lib/region';
import { DEFAULT_HOMEPAGE_SETTINGS, useHomepageSettings } from '../api/homepage-settings';
import { heroPalette } from '../components/hero-colors';
import styles from './home-page.module.css';

// The announcement and its dialog library load only when staff have switched it on (docs/performance.md).
const HomepageModal = lazy(() => import('../components/homepage-modal').then((m) => ({ default: m.HomepageModal })));

const REGULATORS = {
  uk: 'the GMC or GDC register',
  usa: 'the national NPI registry',
} as const;

export default function HomePage() {
  useDocumentTitle('Book a doctor or dentist near you');
  const [region] = useSelectedRegion();
  const { data } = useHomepageSettings();
  const settings = data ?? DEFAULT_HOMEPAGE_SETTINGS;
  const palette = heroPalette(settings.color);
  const headingId = useId();
  const placeWord = region === 'usa' ? 'ZIP code' : 'postcode';
  const symbol = currencySymbol(region);

  return (
    <>
      <section
        className={`${styles.hero} ${palette.tone === 'dark' ? styles.heroDark : ''}`}
        style={{ backgroundColor: palette.background }}
        aria-labelledby={headingId}
      >
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>
              <span className={styles.flag} aria-hidden="true">
                {region === 'usa' ? 'US' : 'UK'}
              </span>
              Doctors and dentists across the {REGION_LABELS[region].long}
            </p>
            <h1 id={headingId} className={styles.title}>
              Book a trusted doctor or dentist near you
            </h1>
            <p className={styles.lead}>
              Enter your {placeWord}, choose a speciality and see verified providers with real appointment times. Book and pay in a few
              minutes.
            </p>
            {/* Search form: owned by the search feature (components/search-form). */}
            <div className={styles.search}>
              <SearchForm key={region} region={region} aria-labelledby={headingId} />
            </div>
            <ul className={styles.trust}>
              <li>
                <CheckIcon /> Checked against {REGULATORS[region]}
              </li>
              <li>
                <CheckIcon /> Fees shown in {symbol} before you book
              </li>
              <li>
                <CheckIcon /> Confirmed with a one-time code
              </li>
            </ul>
          </div>
          <div className={styles.heroArt}>
            <img src={settings.image_url} alt="" className={styles.heroImage} width={560} height={440} />
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="how-it-works">
        <div className={styles.sectionInner}>
          <p className="eyebrow">How it works</p>
          <h2 id="how-it-works" className={styles.sectionTitle}>
            From search to confirmed appointment in three steps
          </h2>
          <ol className={styles.steps}>
            <li className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                1
              </span>
              <h3>Search near you</h3>
              <p>
                Tell us your {placeWord}, the kind of care you need and how far you can travel. We list providers by distance, with their
                next free times.
              </p>
            </li>
            <li className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                2
              </span>
              <h3>Choose a time that suits you</h3>
              <p>
                Compare qualifications, languages and fees, then pick a slot. New-patient and follow-up fees are shown before you commit.
              </p>
            </li>
            <li className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                3
              </span>
              <h3>Confirm and pay securely</h3>
              <p>
                We e-mail you a one-time code to confirm it is really you, then you pay by card or wallet. Your booking and receipt arrive
                by e-mail.
              </p>
            </li>
          </ol>
        </div>
      </section>

      <section className={`${styles.section} ${styles.sectionAlt}`} aria-labelledby="why-careslot">
        <div className={styles.sectionInner}>
          <p className="eyebrow">Why CareSlot</p>
          <h2 id="why-careslot" className={styles.sectionTitle}>
            Care you can trust, on your schedule
          </h2>
          <div className={styles.features}>
            <article className={styles.feature}>
              <ShieldIcon />
              <h3>Verified professionals</h3>
              <p>
                Every provider proves their professional registration before they can take bookings, and we check it against{' '}
                {REGULATORS[region]}.
              </p>
            </article>
            <article className={styles.feature}>
              <ClockIcon />
              <h3>Real availability</h3>
              <p>Times are shown in the clinic&apos;s local time and held for you while you pay, so nobody else can take your slot.</p>
            </article>
            <article className={styles.feature}>
              <LockIcon />
              <h3>Private by design</h3>
              <p>
                Your medical concern is shared only with the provider you book. We never sell your data. Read our{' '}
                <Link to={paths.privacyCookie}>privacy notice</Link>.
              </p>
            </article>
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="for-providers">
        <div className={`${styles.sectionInner} ${styles.providerBand}`}>
          <div>
            <h2 id="for-providers" className={styles.sectionTitle}>
              Are you a doctor or dentist?
            </h2>
            <p className={styles.providerText}>
              Publish your availability, receive bookings from patients nearby and get paid directly into your bank account.
            </p>
          </div>
          <div className={styles.providerActions}>
            <Link to={`${paths.register}?as=provider`} className="button">
              Join as a doctor or dentist
            </Link>
            <Link to={paths.providerVerify} className="button secondary">
              How joining works
            </Link>
            <Link to={paths.contactUs} className="button secondary">
              Talk to our team
            </Link>
          </div>
        </div>
      </section>

      {data?.show_modal && (
        <Suspense fallback={null}>
          <HomepageModal settings={data} />
        </Suspense>
      )}
    </>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.15" />
      <path d="M6 10.5l2.5 2.5L14 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function FeatureIcon({ children }: { children: React.ReactNode }) {
  return (
    <span className={styles.featureIcon} aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="26"
        height="26"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </span>
  );
}
const ShieldIcon = () => (
  <FeatureIcon>
    <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
    <path d="M8.5 12l2.5 2.5 4.5-5" />
  </FeatureIcon>
);
const ClockIcon = () => (
  <FeatureIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </FeatureIcon>
);
const LockIcon = () => (
  <FeatureIcon>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </FeatureIcon>
);
