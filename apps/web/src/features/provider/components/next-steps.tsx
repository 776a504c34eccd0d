import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';
import styles from './next-steps.module.css';

export interface Step {
  title: string;
  body: ReactNode;
}

interface NextStepsProps {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  steps: Step[];
  aside: ReactNode;
  /** Where this registration stands, when known (shown before the steps). */
  status?: ReactNode;
}

/** The honest "what happens next" screen shown after a provider or a company registers. */
export function NextSteps({ eyebrow, title, lead, steps, aside, status }: NextStepsProps) {
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <span className={styles.badge} aria-hidden="true">
          <svg
            viewBox="0 0 24 24"
            width="30"
            height="30"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <rect x="4" y="5" width="16" height="15" rx="2" />
            <path d="M8 3v4M16 3v4M4 10h16M9 15l2 2 4-4" />
          </svg>
        </span>
        <p className="eyebrow">{eyebrow}</p>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{lead}</p>
        {status}

        <h2 className={styles.stepsTitle}>What happens next</h2>
        <ol className={styles.steps}>
          {steps.map((s, i) => (
            <li key={s.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3 className={styles.stepTitle}>{s.title}</h3>
                <p>{s.body}</p>
              </div>
            </li>
          ))}
        </ol>

        <div className={styles.aside}>{aside}</div>

        <div className={styles.actions}>
          <Link to={`${paths.signIn}?as=provider`} className="button">
            Go to sign in
          </Link>
          <Link to={paths.contactUs} className="button secondary">
            Contact our provider team
          </Link>
        </div>
      </div>
    </div>
  );
}
