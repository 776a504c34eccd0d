import styles from './checkout.module.css';

const STEPS = ['Appointment Info', 'Medical Concern', 'OTP verification'] as const;

/** The three-step progress bar; the current step is announced with aria-current. */
export function ProgressSteps({ step }: { step: 1 | 2 | 3 }) {
  return (
    <nav aria-label="Checkout progress">
      <ol className={styles.steps}>
        {STEPS.map((label, i) => {
          const n = i + 1;
          const cls = n < step ? styles.stepDone : n === step ? styles.stepCurrent : '';
          return (
            <li key={label} className={`${styles.step} ${cls}`} aria-current={n === step ? 'step' : undefined}>
              <span>
                <span className={styles.stepNumber}>{n}.</span>
                {label}
                {n < step && <span className="visually-hidden"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
