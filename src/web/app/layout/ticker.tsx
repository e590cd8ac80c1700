import { useState, type CSSProperties } from 'react';
import { useTranslation } from '../../adapters/i18n';
import type { TeamStanding } from '#shared/contracts/standings';
import { Flag } from '../../components/flag';
import { countryName, pointsCount } from '../../lib/format';
import { useStandings } from '../../api/standings';
import { useLoggedFailure } from '../../lib/use-logged-failure';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import styles from './ticker.module.css';

/** Seconds each team stays in view while the strip scrolls, so long lists do not race. */
const SECONDS_PER_TEAM = 4;
/** Three copies: while the first scrolls out, the next fills in, so the loop has no seam. */
const COPIES = 3;

/**
 * Spec §2 'Shared layout': the 'Overall standings' ticker after launch, highest first. Only the
 * first copy of the list reaches assistive technology; motion pauses on hover and focus, with
 * the pause button (WCAG 2.2.2), and not at all for players who prefer reduced motion.
 */
export function Ticker() {
  const { t } = useTranslation();
  const standings = useStandings();
  const [paused, setPaused] = useState(false);
  const still = useReducedMotion();
  useLoggedFailure(standings.error, 'overall standings');
  const teams = standings.data?.teams ?? [];
  const duration = { '--ticker-duration': `${Math.max(teams.length, 4) * SECONDS_PER_TEAM}s` };

  return (
    <section className={styles.ticker} aria-labelledby="ticker-title">
      <div className={styles.inner}>
        <p id="ticker-title" className={styles.title}>
          <TrophyIcon />
          <span className={styles.titleText}>{t('ticker.title')}</span>
        </p>
        {teams.length === 0 ? (
          <p className={styles.empty}>{standings.isPending ? t('app.loading') : '–'}</p>
        ) : still ? (
          // Without motion the strip stands still and scrolls by hand (and by keyboard).
          <div
            className={`${styles.viewport} ${styles.scrollable}`}
            role="group"
            aria-labelledby="ticker-title"
            tabIndex={0}
          >
            <TickerList teams={teams} hidden={false} />
          </div>
        ) : (
          <div className={styles.viewport}>
            <div
              className={`${styles.strip} ${paused ? styles.paused : ''}`}
              style={duration as CSSProperties}
            >
              {Array.from({ length: COPIES }, (_, copy) => (
                <TickerList key={copy} teams={teams} hidden={copy > 0} />
              ))}
            </div>
          </div>
        )}
        {teams.length > 0 && !still && (
          <button
            type="button"
            className={styles.pause}
            aria-pressed={paused}
            onClick={() => setPaused((value) => !value)}
          >
            <svg
              className={styles.pauseIcon}
              width="16"
              height="16"
              viewBox="0 0 16 16"
              aria-hidden="true"
              focusable="false"
            >
              {paused ? (
                <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
              ) : (
                <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />
              )}
            </svg>
            <span className={styles.pauseText}>{t('ticker.pause')}</span>
          </button>
        )}
      </div>
    </section>
  );
}

function TickerList({ teams, hidden }: { teams: TeamStanding[]; hidden: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <ol className={styles.list} aria-hidden={hidden || undefined}>
      {teams.map((team) => (
        <li key={team.teamId} className={styles.item}>
          <Flag code={team.flag} />
          <span className={styles.name}>{countryName(team.flag, team.name, i18n.language)}</span>
          <span className={styles.points}>
            {t('standings.points', pointsCount(team.overall, i18n.language))}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Stands for the 'Overall standings' title on a phone, where the words would crowd the strip. */
function TrophyIcon() {
  return (
    <svg
      className={styles.trophy}
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M7 3h10v2h3v3a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V5h3zm0 4H6v1a2 2 0 0 0 1 1.7zm10 0v2.7A2 2 0 0 0 18 8V7z"
        fill="currentColor"
      />
    </svg>
  );
}
