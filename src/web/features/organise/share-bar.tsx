import styles from './share-bar.module.css';

/** A horizontal bar for a share in percent, beside its figure in text (the bar is decoration). */
export function ShareBar({
  percent,
  text,
  strong,
}: {
  percent: number | null;
  text: string;
  strong?: boolean;
}) {
  return (
    <span className={styles.share}>
      <span className={styles.track} aria-hidden="true">
        <span
          className={strong ? `${styles.fill} ${styles.fillStrong}` : styles.fill}
          style={{ width: `${Math.min(100, Math.max(0, percent ?? 0))}%` }}
        />
      </span>
      <span className={styles.shareText}>{text}</span>
    </span>
  );
}
