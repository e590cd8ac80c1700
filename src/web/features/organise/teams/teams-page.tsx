import { useState } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import { usePlayer } from '../../../lib/use-player';
import styles from '../organise-screen.module.css';
import { Loading } from '../screen-states';
import { LoadFailed } from '../../../components/load-failed';
import { useOrganiserTeams } from './api/teams';
import { TeamCard } from './team-card';
import { TeamEditor } from './team-editor';
import { emptyTeamForm } from './team-form';
import teamStyles from './teams.module.css';

const zoneNames = () => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
};

/** /organise/teams: the country teams and their sales teams (ADR 0009). */
export function TeamsPage() {
  const { t, ready } = useTranslation('organise-season');
  const me = usePlayer();
  const teams = useOrganiserTeams();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  if (!ready) return <Loading />;
  return (
    <div className="screen">
      <div className={teamStyles.top}>
        <h1 className="screen-title">{t('teams.title')}</h1>
        {!adding && teams.data && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setAdded(null);
              setAdding(true);
            }}
          >
            {t('teams.add')}
          </button>
        )}
      </div>
      <p className="screen-lead">{t('teams.lead')}</p>
      <datalist id="team-zones">
        {zoneNames().map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      {adding && (
        <section className={`card ${teamStyles.team}`} aria-labelledby="new-team-title">
          <h2 id="new-team-title" className={teamStyles.teamName}>
            {t('teams.newTitle')}
          </h2>
          <TeamEditor
            initial={emptyTeamForm(me.timeZone)}
            onDone={(team) => {
              setAdding(false);
              setAdded(team.name);
            }}
            onCancel={() => setAdding(false)}
          />
        </section>
      )}
      {added && (
        <p role="status" className={styles.saved}>
          {t('teams.added', { name: added })}
        </p>
      )}
      {teams.data ? (
        teams.data.teams.length === 0 ? (
          <div className={styles.state}>
            <p>{t('teams.empty')}</p>
          </div>
        ) : (
          <ul className={teamStyles.list} aria-label={t('teams.listLabel')}>
            {teams.data.teams.map((team) => (
              <li key={team.id}>
                <TeamCard team={team} />
              </li>
            ))}
          </ul>
        )
      ) : teams.isError ? (
        <LoadFailed error={teams.error} onRetry={() => void teams.refetch()} />
      ) : (
        <Loading />
      )}
    </div>
  );
}
