import styles from './pager.module.css';

export interface PagerLabels {
  /** Names the navigation landmark, e.g. 'Pages of results'. */
  label: string;
  previous: string;
  next: string;
  /** e.g. 'Page 2 of 5'. */
  status: string;
}

/** How many pages a list of `total` items takes, at least one. */
export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));

/** Previous and next buttons for a paged list, with where the reader is. Hidden for one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  labels,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  labels: PagerLabels;
}) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={labels.label}>
      <button
        type="button"
        className="button button-secondary"
        disabled={page <= 1}
        onClick={() => onPage(Math.min(page - 1, pages))}
      >
        {labels.previous}
      </button>
      <span className={styles.status}>{labels.status}</span>
      <button
        type="button"
        className="button button-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {labels.next}
      </button>
    </nav>
  );
}
