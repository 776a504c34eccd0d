import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';
import styles from './content-page.module.css';

export interface TocEntry {
  id: string;
  label: string;
}

interface ContentPageProps {
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  /** 'Last updated' date shown under the title of legal texts. */
  updated?: string;
  /** Sections to jump to; shown as a sticky list beside the text on wide screens. */
  toc?: TocEntry[];
  children: ReactNode;
}

/** The frame of CareSlot's long-form pages: a calm title band, then readable text. */
export function ContentPage({ eyebrow, title, lead, updated, toc, children }: ContentPageProps) {
  useDocumentTitle(title);
  return (
    <article>
      <header className={styles.band}>
        <div className={styles.bandInner}>
          <p className="eyebrow">{eyebrow}</p>
          <h1 className={styles.title}>{title}</h1>
          {lead && <p className={styles.lead}>{lead}</p>}
          {updated && <p className={styles.updated}>Last updated {updated}</p>}
        </div>
      </header>
      <div className={`${styles.body} ${toc ? styles.withToc : ''}`}>
        {toc && (
          <nav className={styles.toc} aria-label="On this page">
            <h2 className={styles.tocTitle}>On this page</h2>
            <ol>
              {toc.map((t) => (
                <li key={t.id}>
                  <a href={`#${t.id}`}>{t.label}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="prose">{children}</div>
      </div>
    </article>
  );
}
