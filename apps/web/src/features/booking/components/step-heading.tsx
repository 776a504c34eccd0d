import type { ReactNode, Ref } from 'react';
import styles from './checkout.module.css';

/** A step's heading; the checkout moves focus to it when the step changes. */
export function StepHeading({ headingRef, children }: { headingRef: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <h2 ref={headingRef} tabIndex={-1} className={styles.heading}>
      {children}
    </h2>
  );
}
