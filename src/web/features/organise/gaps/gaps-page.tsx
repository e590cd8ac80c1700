import { useTranslation } from '../../../adapters/i18n';
import { useSearchParams } from '../../../adapters/router';
import { REGIONS } from '#shared/domain/regions';
import { WEEK_COUNT } from '#shared/domain/calendar';
import { LoadFailed } from '../../../components/load-failed';
import { countryName } from '../../../lib/format';
import { useTeamsAndLanguages } from '../../../api/teams-and-languages';
import { Loading } from '../screen-states';
import { gapsCsvUrl, useGaps } from './api/get-gaps';
import { filterFromParams, paramsFromFilter } from './gaps-filter';
import { GapQuestions } from './gap-questions';
import { GapTopics, TopicBreakdown } from './gap-topics';
import styles from './gaps.module.css';

const WEEKS = Array.from({ length: WEEK_COUNT }, (_, index) => index + 1);

/**
 * Knowledge gaps (/organise/gaps, ADR 0021): the weakest topics first, each broken down by
 * region and team, then the questions with those that look flawed flagged for review. The
 * filter lives in the address so that a view can be shared.
 */
export function GapsPage() {
  const { t, i18n, ready } = useTranslation('organise-gaps');
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const gaps = useGaps(filter);
  const teams = useTeamsAndLanguages();
  if (!ready) return <Loading />;

  const change = (name: 'week' | 'region' | 'team', value: string) => {
    const next = { ...paramsFromFilter(filter), [name]: value };
    setParams(Object.fromEntries(Object.entries(next).filter(([, text]) => text !== '')), {
      replace: true,
    });
  };
  const teamList = (teams.data?.teams ?? [])
    .filter((team) => !filter.region || team.region === filter.region)
    .map((team) => ({ id: team.id, name: countryName(team.flag, team.name, i18n.language) }))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.language));

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.lead}>{t('intro')}</p>
      </header>
      <form
        className={styles.filters}
        aria-label={t('filters.label')}
        onSubmit={(e) => e.preventDefault()}
      >
        <label className={styles.field}>
          <span>{t('filters.week')}</span>
          <select
            value={filter.setNum ?? ''}
            onChange={(event) => change('week', event.target.value)}
          >
            <option value="">{t('filters.allWeeks')}</option>
            {WEEKS.map((number) => (
              <option key={number} value={number}>
                {t('filters.weekOption', { number })}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('filters.region')}</span>
          <select
            value={filter.region ?? ''}
            onChange={(event) => change('region', event.target.value)}
          >
            <option value="">{t('filters.allRegions')}</option>
            {REGIONS.map((region) => (
              <option key={region} value={region}>
                {t(`regions.${region}`, { ns: 'translation' })}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('filters.team')}</span>
          <select
            value={filter.teamId ?? ''}
            onChange={(event) => change('team', event.target.value)}
          >
            <option value="">{t('filters.allTeams')}</option>
            {teamList.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </select>
        </label>
        <a className="button button-secondary" href={gapsCsvUrl(filter)} download>
          {t('download')}
        </a>
      </form>
      {gaps.isError && !gaps.data ? (
        <LoadFailed error={gaps.error} onRetry={() => void gaps.refetch()} />
      ) : !gaps.data ? (
        <Loading />
      ) : gaps.data.topics.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <div className={styles.page} aria-busy={gaps.isPlaceholderData || undefined}>
          <GapTopics topics={gaps.data.topics} />
          <TopicBreakdown topics={gaps.data.topics} />
          <GapQuestions gaps={gaps.data} />
        </div>
      )}
    </div>
  );
}
