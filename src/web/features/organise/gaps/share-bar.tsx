import styles from './gaps.module.css';

/** A bar for a share of correct answers beside its figure in text (the bar is decoration). */
export function ShareBar({ percent, text }: { percent: number | null; text: string }) {
  return (
    <span className={styles.share}>
      <span className={styles.track} aria-hidden="true">
        <span
          className={styles.fill}
          style={{ width: `${Math.min(100, Math.max(0, percent ?? 0))}%` }}
        />
      </span>
      <span className={styles.shareText}>{text}</span>
    </span>
  );
}
