import { useTranslation } from '../adapters/i18n';
import styles from './stat-tiles.module.css';

export interface StatTile {
  key: string;
  label: string;
  value: string;
}

/** A row of figure tiles (account statistics, leaderboard team tiles), each with its loader. */
export function StatTiles({ tiles, loading }: { tiles: StatTile[]; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.tiles} aria-busy={loading || undefined}>
      {tiles.map((tile) => (
        <li key={tile.key} className={styles.tile}>
          <span className={styles.label}>{tile.label}</span>
          {loading ? (
            <span className={styles.loader} role="status">
              <span className="visually-hidden">{t('app.loading')}</span>
            </span>
          ) : (
            <span className={styles.value}>{tile.value}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
