import { useTranslation } from '../../../adapters/i18n';
import { Link } from '../../../adapters/router';
import type { OrganiserSeason } from '#shared/contracts/organise';
import { WEEK_COUNT } from '#shared/domain/calendar';
import { questionsSearch, type SeasonId } from './api/season';
import { useLabels } from './labels';
import styles from './questions.module.css';

type PickerWeek = Pick<OrganiserSeason['weeks'][number], 'setNum' | 'opensOn' | 'closesOn'> &
  Partial<Pick<OrganiserSeason['weeks'][number], 'status' | 'readiness'>>;

/**
 * The six weeks as links, each with its dates and, in the current season, its state and
 * whether its questions are ready (a draft's weeks have no state yet).
 */
export function WeekPicker({
  setNum,
  weeks,
  season,
}: {
  setNum: number;
  weeks: PickerWeek[] | null;
  season: SeasonId;
}) {
  const { t } = useTranslation('organise-questions');
  const { weekDates } = useLabels();
  return (
    <nav aria-label={t('week.picker')}>
      <ul className={styles.weeks}>
        {Array.from({ length: WEEK_COUNT }, (_, index) => index + 1).map((number) => {
          const week = weeks?.find((entry) => entry.setNum === number);
          return (
            <li key={number}>
              <Link
                to={questionsSearch(number, season)}
                className={styles.weekLink}
                aria-current={number === setNum ? 'page' : undefined}
              >
                <strong>{t('week.title', { number })}</strong>
                {week && <span>{weekDates(week.opensOn, week.closesOn)}</span>}
                {week?.status && week.readiness && (
                  <span>
                    {t(`week.status.${week.status}`)} ·{' '}
                    <span className={week.readiness.ready ? styles.ok : styles.bad}>
                      {week.readiness.ready ? t('week.ready') : t('week.notReady')}
                    </span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
