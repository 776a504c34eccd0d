import type { ComponentProps } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

/** The product button: 44 px tall target, visible focus, a spinner and aria-busy while `loading`. */
export function Button({
  variant = 'primary',
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ComponentProps<'button'> & { variant?: Variant; loading?: boolean }) {
  const classes = ['button', variant !== 'primary' ? variant : null, className].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <span className="spinner spinner-small" aria-hidden="true" />}
      {children}
    </button>
  );
}
