import type { ReactNode } from 'react';
import styles from '../search.module.css';

const ICONS = {
  // A magnifier over a pin: nothing found here.
  empty: (
    <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <circle cx="11" cy="11" r="6.5" />
      <path d="M20 20l-4.2-4.2" />
    </svg>
  ),
  warning: (
    <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v6M12 16.5v.5" />
    </svg>
  ),
  error: (
    <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <path d="M12 3.5L2.8 19.5h18.4z" strokeLinejoin="round" />
      <path d="M12 10v4M12 16.8v.4" />
    </svg>
  ),
};

/** The one shape for empty, warning and error states on the search screens: icon, heading, text, actions. */
export function Notice({
  tone,
  title,
  role,
  flat = false,
  children,
}: {
  tone: 'empty' | 'warning' | 'error';
  /** Drawn without its own border, for use inside a panel. */
  flat?: boolean;
  title: string;
  role?: 'alert' | 'status';
  children: ReactNode;
}) {
  return (
    <div className={`${styles.notice} ${styles[`notice_${tone}`]} ${flat ? styles.notice_flat : ''}`} role={role}>
      <span className={styles.noticeIcon} aria-hidden="true">
        {ICONS[tone]}
      </span>
      <div className={styles.noticeBody}>
        <h2>{title}</h2>
        {children}
      </div>
    </div>
  );
}
