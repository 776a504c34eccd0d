import styles from './pagination.module.css';

/** Prev, numbered pages (with gaps), Next — shown only when there is more than one page. */
export function Pagination({
  page,
  totalPages,
  onPage,
  label = 'Result pages',
}: {
  page: number;
  totalPages: number;
  onPage: (p: number) => void;
  label?: string;
}) {
  if (totalPages <= 1) return null;
  const pages = new Set([1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages));
  const list = [...pages].sort((a, b) => a - b);
  return (
    <nav className={styles.pagination} aria-label={label}>
      <button type="button" className="button secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Prev
      </button>
      {list.map((p, i) => (
        <span key={p} className={styles.pageItem}>
          {i > 0 && p - list[i - 1]! > 1 && <span aria-hidden="true">…</span>}
          <button
            type="button"
            className={`button ${p === page ? '' : 'secondary'}`}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            onClick={() => onPage(p)}
          >
            {p}
          </button>
        </span>
      ))}
      <button type="button" className="button secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
