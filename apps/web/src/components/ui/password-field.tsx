import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import styles from './password-field.module.css';

type Props = Omit<ComponentProps<'input'>, 'id' | 'type'> & { label: string; hint?: ReactNode; error?: string };

/** A labelled password input with a Show/Hide toggle (a real button, announced with aria-pressed). */
export function PasswordField({ label, hint, error, required, className, ...input }: Props) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <div className={styles.wrap}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`input ${styles.input}${className ? ` ${className}` : ''}`}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={described}
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
      {error && (
        <p id={`${id}-error`} className="field-error">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      )}
    </div>
  );
}
