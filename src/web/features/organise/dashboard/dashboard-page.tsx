import { useTranslation } from '../../../adapters/i18n';
import { useSearchParams } from '../../../adapters/router';
import type { OrganiserSeason } from '#shared/contracts/organise';
import { LoadFailed } from '../../../components/load-failed';
import { usePlayer } from '../../../lib/use-player';
import { formatDate, formatter } from '../../../lib/format';
import { useDashboard } from './api/get-dashboard';
import { useOrganiserSeason } from '../api/season';
import styles from './dashboard.module.css';
import { HardestQuestions } from './hardest-questions';
import { NotPlayedSection } from './not-played-section';
import { WarningsPanel } from './warnings-panel';
import { ParticipationTables, WeekTotals } from './week-figures';
import { chosenWeek } from './week-choice';
import { Loading } from '../screen-states';

/**
 * The organisers' live dashboard (/organise): readiness warnings first, then the chosen week's
 * totals, participation by team and sales team, hardest questions and who has not played. The
 * week is in the address (?week=N) so a view can be shared; by default the open one.
 */
export function DashboardPage() {
  const { t, ready } = useTranslation('organise-players');
  const me = usePlayer();
  const season = useOrganiserSeason();
  const [params, setParams] = useSearchParams();
  if (!ready || season.isPending) {
    return <Loading />;
  }
  if (season.isError) {
    return <LoadFailed error={season.error} onRetry={() => void season.refetch()} />;
  }
  const weeks = season.data.weeks;
  const setNum = chosenWeek(params.get('week'), weeks);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('dashboard.title')}</h1>
        <label className={styles.weekPicker}>
          <span>{t('dashboard.weekLabel')}</span>
          <select
            value={setNum}
            onChange={(event) => setParams({ week: event.target.value }, { replace: true })}
          >
            {weeks.map((week) => (
              <option key={week.setNum} value={week.setNum}>
                {t('dashboard.weekOption', {
                  number: week.setNum,
                  status: t(`common.weekStatus.${week.status}`),
                })}
              </option>
            ))}
          </select>
        </label>
      </header>
      <WarningsPanel timeZone={me.timeZone} />
      <WeekDashboard week={weeks.find((week) => week.setNum === setNum)!} timeZone={me.timeZone} />
    </div>
  );
}

function WeekDashboard({
  week,
  timeZone,
}: {
  week: OrganiserSeason['weeks'][number];
  timeZone: string;
}) {
  const { t, i18n } = useTranslation('organise-players');
  const dashboard = useDashboard(week.setNum);
  if (dashboard.isError && !dashboard.data) {
    return <LoadFailed error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  }
  // The previous week's figures stay on screen while the next week loads.
  const data = dashboard.data;
  if (!data) return <Loading />;
  const time = formatter(
    `time ${i18n.language}`,
    () => new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }),
  ).format(dashboard.dataUpdatedAt);
  return (
    <div className={styles.page} aria-busy={dashboard.isPlaceholderData || undefined}>
      <div className={styles.weekState}>
        <p>
          {t(`dashboard.status.${data.status}`, {
            date: formatDate(week.startsAt, i18n.language, timeZone, true),
          })}
        </p>
        {!data.readiness.ready && <p className={styles.notReady}>{t('dashboard.notReady')}</p>}
        <p className={styles.live}>{t('dashboard.live', { time })}</p>
      </div>
      <WeekTotals dashboard={data} />
      <ParticipationTables dashboard={data} />
      <HardestQuestions questions={data.questions} />
      <NotPlayedSection setNum={data.setNum} count={data.notPlayed} />
    </div>
  );
}
