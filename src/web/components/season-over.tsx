import { useTranslation } from '../adapters/i18n';
import { Link } from '../adapters/router';
import styles from './season-over.module.css';

/**
 * After the season's last week: no 'come back next week', but where to look now —
 * the final standings (the leaderboard) and the end-of-game screen (home). `from` leaves out
 * the link to the page the player is on.
 */
export function SeasonOverLinks({ from }: { from?: 'leaderboard' }) {
  const { t } = useTranslation();
  return (
    <p className={styles.links}>
      {from !== 'leaderboard' && (
        <Link className="button" to="/leaderboard">
          {t('seasonOver.standings')}
        </Link>
      )}
      <Link className={from === 'leaderboard' ? undefined : 'button button-secondary'} to="/">
        {t('seasonOver.endOfGame')}
      </Link>
    </p>
  );
}
