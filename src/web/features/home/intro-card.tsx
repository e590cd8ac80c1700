import { useTranslation } from '../../adapters/i18n';
import { Link } from '../../adapters/router';
import type { Me } from '#shared/contracts/me';
import styles from './race-home.module.css';
import type { SeasonEvent } from './race-week';

type Season = NonNullable<Me['season']>;

/**
 * Spec §2 'Home screen', intro card: the three events, only the current one open; Play opens
 * its track, How to play leads to the rules.
 */
export function IntroCard({
  season,
  current,
  onPlay,
}: {
  season: Season;
  current: SeasonEvent;
  onPlay: (eventId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className={`card ${styles.intro}`} aria-labelledby="race-title">
      <h1 id="race-title" className={styles.title}>
        {t('race.introTitle', { product: season.productName })}
      </h1>
      <p className={styles.text}>{t('race.introText')}</p>
      <ul className={styles.events} aria-label={t('race.events')}>
        {season.events.map((event) => {
          const weeks = season.weeks.filter((week) => week.eventId === event.id);
          const isCurrent = event.id === current.id;
          return (
            <li key={event.id}>
              <button
                type="button"
                className={`${styles.event} ${isCurrent ? styles.eventCurrent : ''}`}
                disabled={!isCurrent}
                aria-pressed={isCurrent}
                onClick={() => onPlay(event.id)}
              >
                <span className={styles.eventName}>{t(`events.${event.key}`)}</span>
                <span className={styles.eventWeeks}>
                  {t('race.eventWeeks', {
                    first: weeks[0]?.setNum ?? '',
                    last: weeks.at(-1)?.setNum ?? '',
                  })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={() => onPlay(current.id)}>
          {t('race.play')}
        </button>
        <Link className="button button-secondary" to="/rules">
          {t('race.howToPlay')}
        </Link>
      </div>
    </section>
  );
}
