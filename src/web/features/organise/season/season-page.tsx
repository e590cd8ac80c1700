import { useTranslation } from '../../../adapters/i18n';
import { useOrganiserSeason } from '../api/season';
import { Loading } from '../screen-states';
import { LoadFailed } from '../../../components/load-failed';
import { SeasonEditor } from './season-editor';

/** /organise/season: the calendar as it stands, and its editor (ADR 0009). */
export function SeasonPage() {
  const { t, ready } = useTranslation('organise-season');
  const season = useOrganiserSeason();
  if (!ready) return <Loading />;
  return (
    <div className="screen">
      <h1 className="screen-title">{t('season.title')}</h1>
      <p className="screen-lead">{t('season.lead')}</p>
      {season.data ? (
        <SeasonEditor season={season.data} />
      ) : season.isError ? (
        <LoadFailed error={season.error} onRetry={() => void season.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  );
}
