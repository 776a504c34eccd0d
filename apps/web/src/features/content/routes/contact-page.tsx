import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';
import { ContactForm } from '../components/contact-form';
import styles from './contact-page.module.css';

export default function ContactPage() {
  useDocumentTitle('Contact us');
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className="eyebrow">Contact us</p>
        <h1 className={styles.title}>How can we help?</h1>
        <p className={styles.lead}>
          Questions about a booking, your account or joining CareSlot as a provider: send us a message and a real person will reply within
          two working days.
        </p>
      </header>
      <div className={styles.layout}>
        <section className={styles.card} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="visually-hidden">
            Send us a message
          </h2>
          <ContactForm />
        </section>
        <aside className={styles.aside} aria-label="Other help">
          <div className={styles.urgent}>
            <h2 className={styles.asideTitle}>Need medical help now?</h2>
            <p>
              CareSlot cannot give medical advice. In an emergency call <strong>999</strong> (UK) or <strong>911</strong> (USA). In the UK,
              call <strong>NHS 111</strong> for urgent advice.
            </p>
          </div>
          <div className={styles.info}>
            <h2 className={styles.asideTitle}>About an appointment?</h2>
            <p>
              Include the provider&apos;s name and the date of your booking, and write from the e-mail address on your account so we can
              find it quickly.
            </p>
          </div>
          <div className={styles.info}>
            <h2 className={styles.asideTitle}>Your privacy</h2>
            <p>
              We use your details only to answer you. See our <Link to={paths.privacyCookie}>privacy notice</Link>.
            </p>
          </div>
        </aside>
      </div>
    </div>
  );
}
