import type { ReactNode } from 'react';
import { statusTone } from '@careslot/contracts/appointments';
import { useDocumentTitle } from '../../../lib/document-title';
import styles from './workspace.module.css';

/** A status in its colour family; one we do not know is shown as it is, in a neutral style. */
export function StatusBadge({ status, tone: as }: { status: string; /** Shown in the colours of this other status. */ tone?: string }) {
  const own: Record<string, string> = {
    Open: 'open',
    Held: 'held',
    Withdrawn: 'withdrawn',
    Verified: 'completed',
    Unverified: 'held',
    Primary: 'booked',
    Secondary: 'neutral',
  };
  const tone = own[as ?? status] ?? statusTone(as ?? status);
  return <span className={`${styles.badge} ${styles[`tone-${tone}`]}`}>{status}</span>;
}

/** The screen's title (also the tab's) and a line saying what it is for. */
export function PageHeader({ title, lead, actions }: { title: string; lead?: ReactNode; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className={styles.header}>
      <div>
        <h1>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}

/** What an empty list says, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>{title}</p>
      {children}
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className={styles.empty} role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}
