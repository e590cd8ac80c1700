import { useEffect, useState } from 'react';
import { useTranslation } from '../../adapters/i18n';
import { fastestTimeLabel } from '#shared/domain/durations';
import { formatPoints } from '../../lib/format';
import { usePlayerStats } from '../../api/me';
import { StatTiles } from '../../components/stat-tiles';
import styles from './account.module.css';

/** Spec §2: each tile shows a loader for about a second before its value. */
const TILE_LOADER_MS = 1000;

/**
 * Player statistics: overall score, best week (in the one points format of every screen), fastest time, challengers attempted
 * and correct. A failed load is logged and shows a dash, as the customer asked.
 */
export function StatsTiles() {
  const { t, i18n } = useTranslation();
  const stats = usePlayerStats();
  const [warm, setWarm] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWarm(true), TILE_LOADER_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (stats.error) console.info('player statistics could not be loaded', stats.error);
  }, [stats.error]);

  const data = stats.data;
  const dash = '–';
  const tiles = [
    { key: 'total', value: data ? formatPoints(data.totalScore, i18n.language) : dash },
    {
      key: 'best',
      value:
        data && data.bestWeekScore !== null
          ? formatPoints(data.bestWeekScore, i18n.language)
          : dash,
    },
    {
      key: 'fastest',
      value: data && data.fastestSeconds !== null ? fastestTimeLabel(data.fastestSeconds) : dash,
    },
    { key: 'attempted', value: data ? String(data.challengersAttempted) : dash },
    { key: 'correct', value: data ? String(data.challengersCorrect) : dash },
  ];
  const loading = !warm || stats.isPending;
  return (
    <section aria-labelledby="stats-title" className={styles.section}>
      <h2 id="stats-title" className={styles.heading}>
        {t('account.statsTitle')}
      </h2>
      <StatTiles
        loading={loading}
        tiles={tiles.map((tile) => ({ ...tile, label: t(`account.stats.${tile.key}`) }))}
      />
    </section>
  );
}
