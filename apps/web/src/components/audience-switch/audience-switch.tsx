import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import styles from './audience-switch.module.css';

/** The patient's form and the doctors' and dentists' wizard on /register, each a link to the other. */
export function AudienceSwitch({ current }: { current: 'patient' | 'provider' }) {
  return (
    <nav aria-label="Who is joining" className={styles.audience}>
      <Link to={paths.register} aria-current={current === 'patient' ? 'page' : undefined}>
        I&apos;m a patient
      </Link>
      <Link to={`${paths.register}?as=provider`} aria-current={current === 'provider' ? 'page' : undefined}>
        I&apos;m a doctor or dentist
      </Link>
    </nav>
  );
}
