import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import type { OrganiserTeam } from '#shared/contracts/organise';
import { Flag } from '../../../components/flag';
import styles from '../organise-screen.module.css';
import { SalesTeams } from './sales-teams';
import { TeamEditor } from './team-editor';
import { formFromTeam } from './team-form';
import teamStyles from './teams.module.css';

/** One country team: its facts, its editor on demand, and its sales teams. */
export function TeamCard({ team }: { team: OrganiserTeam }) {
  const { t } = useTranslation('organise-season');
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const headingId = `team-${team.id}-title`;
  // Back to where the organiser was, once the editor has closed: the button that opened it.
  const returnFocus = useRef(false);
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  return (
    <article className={`card ${teamStyles.team}`} aria-labelledby={headingId}>
      <header className={teamStyles.teamHead}>
        <Flag code={team.flag} />
        <h2 id={headingId} className={teamStyles.teamName}>
          {team.name}
        </h2>
        {!editing && (
          <button
            ref={editButton}
            type="button"
            className={`button button-secondary ${styles.smallButton}`}
            aria-label={t('teams.editOne', { name: team.name })}
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            {t('teams.edit')}
          </button>
        )}
      </header>
      {editing ? (
        <TeamEditor
          team={team}
          initial={formFromTeam(team)}
          onDone={() => {
            setSaved(true);
            close();
          }}
          onCancel={close}
        />
      ) : (
        <dl className={teamStyles.facts}>
          <div>
            <dt>{t('teams.region')}</dt>
            <dd>{t(`regions.${team.region}`, { ns: 'translation' })}</dd>
          </div>
          <div>
            <dt>{t('teams.timeZone')}</dt>
            <dd>{team.timeZone}</dd>
          </div>
          <div>
            <dt>{t('teams.players')}</dt>
            <dd>{team.players}</dd>
          </div>
          <div>
            <dt>{t('teams.code')}</dt>
            <dd>{team.code}</dd>
          </div>
        </dl>
      )}
      {saved && !editing && (
        <p role="status" className={styles.saved}>
          {t('teams.saved')}
        </p>
      )}
      <SalesTeams team={team} />
    </article>
  );
}
