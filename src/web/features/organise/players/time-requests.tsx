import { useTranslation } from '../../../adapters/i18n';
import { Link } from '../../../adapters/router';
import { formatInstant } from '../dates';
import { useOpenTimeRequests } from './api/time-factor';
import styles from './players.module.css';

/** The organiser's own zone: when a player asked, as the organiser's clock said. */
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The open requests for more time (ADR 0037), oldest first, each linking to the player's page
 * where the organiser decides. Nothing shows while there are none.
 */
export function TimeRequests() {
  const { t, i18n } = useTranslation('organise-players');
  const requests = useOpenTimeRequests();
  const list = requests.data?.requests ?? [];
  if (list.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby="time-requests-title">
      <h2 id="time-requests-title" className={styles.heading}>
        {t('players.timeRequests', { count: list.length })}
      </h2>
      <ul className={styles.requestList}>
        {list.map((request) => (
          <li key={request.player.id}>
            <Link to={`/organise/players/${request.player.id}`}>{request.player.name}</Link>
            <span className={styles.muted}>
              {t('players.requestedOn', {
                date: formatInstant(request.requestedAt, i18n.language, deviceZone()),
              })}
            </span>
            {request.note && <span className={styles.note}>{request.note}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
