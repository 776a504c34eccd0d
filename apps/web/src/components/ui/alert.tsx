import type { ReactNode } from 'react';

type Tone = 'info' | 'success' | 'error' | 'warning';

/** A message box. Errors are announced at once (role alert); other tones politely (role status). */
export function Alert({ tone = 'info', title, children }: { tone?: Tone; title?: string; children?: ReactNode }) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <p className="alert-title">{title}</p>}
      {children && <div className="alert-body">{children}</div>}
    </div>
  );
}
