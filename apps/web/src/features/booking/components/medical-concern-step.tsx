import type { Ref } from 'react';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import styles from './checkout.module.css';
import { StepHeading } from './step-heading';

interface Props {
  headingRef: Ref<HTMLHeadingElement>;
  purpose: string;
  error: string | null;
  /** The code is being requested. */
  busy: boolean;
  nextDisabled: boolean;
  onChange(purpose: string): void;
  onBack(): void;
  onNext(): void;
}

/** Step 2, Medical Concern: the purpose of the visit. Next requests the one-time code (and holds the slot). */
export function MedicalConcernStep({ headingRef, purpose, error, busy, nextDisabled, onChange, onBack, onNext }: Props) {
  return (
    <>
      <StepHeading headingRef={headingRef}>Purpose of your visit</StepHeading>
      <TextAreaField
        label="Comments"
        hint="Tell the doctor what the visit is about: symptoms, how long, anything they should know."
        rows={5}
        maxLength={2000}
        required
        value={purpose}
        error={error ?? undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <div className={styles.actionsEnd}>
          <Button onClick={onNext} disabled={nextDisabled} loading={busy}>
            Next
          </Button>
        </div>
      </div>
    </>
  );
}
