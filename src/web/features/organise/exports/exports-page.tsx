import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import { WEEK_COUNT } from '#shared/domain/calendar';
import { playersCsvUrl, standingsCsvUrl, TOP_RANGE, winnersCsvUrl } from './export-urls';
import styles from './exports.module.css';
import { Loading } from '../screen-states';
import { useOrganiserSeasons } from '../api/next-season';

const WEEKS = Array.from({ length: WEEK_COUNT }, (_, index) => index + 1);

/**
 * The organisers' spreadsheet exports (/organise/exports): plain download links, so the
 * browser saves the server's file (UTF-8 with BOM) as it is, with its own name.
 */
export function ExportsPage() {
  const { t, ready } = useTranslation('organise-players');
  const [week, setWeek] = useState('');
  const [top, setTop] = useState('1');
  const [seasonChoice, setSeasonChoice] = useState('');
  const seasons = useOrganiserSeasons();
  const past = (seasons.data?.seasons ?? []).filter((entry) => entry.status === 'archived');
  const season = seasonChoice === '' ? null : seasonChoice;
  if (!ready) return <Loading />;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('exports.title')}</h1>
      <p className={styles.intro}>{t('exports.intro')}</p>
      {past.length > 0 && (
        <label className={styles.field}>
          <span>{t('exports.season')}</span>
          <select value={seasonChoice} onChange={(event) => setSeasonChoice(event.target.value)}>
            <option value="">{t('exports.currentSeason')}</option>
            {past.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className={styles.cards}>
        <ExportCard
          id="standings"
          href={standingsCsvUrl(week === '' ? null : Number(week), season)}
          download={t('exports.standings.download')}
        >
          <p>{t('exports.standings.help')}</p>
          <label className={styles.field}>
            <span>{t('exports.standings.weeks')}</span>
            <select value={week} onChange={(event) => setWeek(event.target.value)}>
              <option value="">{t('exports.standings.all')}</option>
              {WEEKS.map((number) => (
                <option key={number} value={number}>
                  {t('common.week', { number })}
                </option>
              ))}
            </select>
          </label>
        </ExportCard>
        <ExportCard
          id="players"
          href={playersCsvUrl(season)}
          download={t('exports.players.download')}
        >
          <p>{t('exports.players.help')}</p>
        </ExportCard>
        <ExportCard
          id="winners"
          href={winnersCsvUrl(Number(top), season)}
          download={t('exports.winners.download')}
        >
          <p>{t('exports.winners.help')}</p>
          <label className={styles.field}>
            <span>{t('exports.winners.top')}</span>
            <input
              type="number"
              inputMode="numeric"
              min={TOP_RANGE.min}
              max={TOP_RANGE.max}
              value={top}
              onChange={(event) => setTop(event.target.value)}
            />
          </label>
        </ExportCard>
      </div>
    </div>
  );
}

function ExportCard({
  id,
  href,
  download,
  children,
}: {
  id: string;
  href: string;
  download: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('organise-players');
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        {t(`exports.${id}.title`)}
      </h2>
      {children}
      <a className={`button ${styles.download}`} href={href} download>
        {download}
      </a>
    </section>
  );
}
