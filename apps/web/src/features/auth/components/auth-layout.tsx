import type { ReactNode } from 'react';
import styles from './auth-layout.module.css';

export { styles as authStyles };

/** The centred card every account screen uses. */
export function AuthLayout({
  title,
  intro,
  icon,
  wide,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  icon?: { tone?: 'info' | 'success' | 'error'; glyph: ReactNode };
  wide?: boolean;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  const iconTone = icon?.tone === 'success' ? styles.iconSuccess : icon?.tone === 'error' ? styles.iconError : '';
  return (
    <div className={styles.wrap}>
      <section className={`${styles.card}${wide ? ` ${styles.wide}` : ''}`} aria-labelledby="auth-title">
        {icon && (
          <div className={`${styles.icon} ${iconTone}`} aria-hidden="true">
            {icon.glyph}
          </div>
        )}
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        {intro && <div className={styles.intro}>{intro}</div>}
        {children}
        {footer && <div className={styles.footer}>{footer}</div>}
      </section>
    </div>
  );
}

export const MailGlyph = () => (
  <svg
    viewBox="0 0 24 24"
    width="28"
    height="28"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </svg>
);
export const CheckGlyph = () => (
  <svg
    viewBox="0 0 24 24"
    width="28"
    height="28"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.5"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);
export const WarnGlyph = () => (
  <svg
    viewBox="0 0 24 24"
    width="28"
    height="28"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M12 3l10 18H2L12 3z" />
    <path d="M12 10v5M12 18h.01" />
  </svg>
);
export const KeyGlyph = () => (
  <svg
    viewBox="0 0 24 24"
    width="28"
    height="28"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <circle cx="8" cy="15" r="4" />
    <path d="M11 12l9-9M17 6l3 3M15 8l2 2" />
  </svg>
);
