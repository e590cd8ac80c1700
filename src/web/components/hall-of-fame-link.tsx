import { useTranslation } from '../adapters/i18n';
import { Link } from '../adapters/router';
import { usePlayer } from '../lib/use-player';
import styles from './hall-of-fame-link.module.css';

/**
 * Home's way to past seasons' champions (ADR 0039): a quiet line under the screen's own content,
 * once an archived season is in the hall of fame, and nothing before.
 */
export function HallOfFameLink() {
  const { t } = useTranslation();
  const me = usePlayer();
  if (!me.hallOfFame) return null;
  return (
    <p className={styles.line}>
      <span className={styles.cup} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <path
            fill="currentColor"
            d="M7 3h10v2h3v3a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V17h3v2H8v-2h3v-2.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V5h3V3Zm0 4H6v1a2 2 0 0 0 1 1.7V7Zm10 0v2.7A2 2 0 0 0 18 8V7h-1ZM6 20h12v2H6v-2Z"
          />
        </svg>
      </span>
      <Link to="/hall-of-fame" className={styles.link}>
        {t('home.hallOfFameLink')}
      </Link>
    </p>
  );
}
