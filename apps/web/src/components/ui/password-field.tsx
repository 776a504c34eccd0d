import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { describedBy, FieldShell } from './field';
import styles from './password-field.module.css';

type Props = Omit<ComponentProps<'input'>, 'id' | 'type'> & { label: string; hint?: ReactNode; error?: string };

/** A labelled password input with a Show/Hide toggle (a real button, announced with aria-pressed). */
export function PasswordField({ label, hint, error, required, className, ...input }: Props) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required}>
      <div className={styles.wrap}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`input ${styles.input}${className ? ` ${className}` : ''}`}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(id, hint, error)}
          autoCapitalize="none"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </FieldShell>
  );
}
