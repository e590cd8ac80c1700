import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import type { OrganiserTeam } from '#shared/contracts/organise';
import styles from '../organise-screen.module.css';
import { Refusal } from '../refusal';
import { useTeamChange } from './api/teams';
import teamStyles from './teams.module.css';

/** The server's limit (MAX_SALES_TEAMS in contracts/organise.ts, which carries zod with it). */
const MAX_SALES_TEAMS = 4;

type SalesTeam = OrganiserTeam['salesTeams'][number];

/** A country's sales teams: rename, remove (while nobody chose it), add up to four. */
export function SalesTeams({ team }: { team: OrganiserTeam }) {
  const { t } = useTranslation('organise-season');
  // A plain block, not a landmark: sixteen 'Sales teams (2 of 4)' regions would say nothing.
  return (
    <div className={teamStyles.sales}>
      <h3 className={teamStyles.salesTitle}>
        {t('sales.title', { number: team.salesTeams.length, max: MAX_SALES_TEAMS })}
      </h3>
      {team.salesTeams.length === 0 ? (
        <p className={styles.hint}>{t('sales.none')}</p>
      ) : (
        <ul className={teamStyles.salesList}>
          {team.salesTeams.map((salesTeam) => (
            <SalesTeamRow key={salesTeam.id} salesTeam={salesTeam} teamName={team.name} />
          ))}
        </ul>
      )}
      {team.salesTeams.length < MAX_SALES_TEAMS ? (
        <AddSalesTeam team={team} />
      ) : (
        <p className={styles.hint}>{t('sales.full', { max: MAX_SALES_TEAMS })}</p>
      )}
    </div>
  );
}

function SalesTeamRow({ salesTeam, teamName }: { salesTeam: SalesTeam; teamName: string }) {
  const { t } = useTranslation('organise-season');
  const change = useTeamChange();
  const [name, setName] = useState<string | null>(null);
  const inputId = `sales-team-${salesTeam.id}-name`;
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (name === null || name.trim() === '') return;
    change.mutate(
      { kind: 'rename-sales-team', salesTeamId: salesTeam.id, name: name.trim() },
      { onSuccess: () => setName(null) },
    );
  };
  return (
    <li className={teamStyles.salesRow}>
      {name === null ? (
        <div className={teamStyles.salesLine}>
          <span className={teamStyles.salesName}>{salesTeam.name}</span>
          <span className={styles.hint}>{t('sales.players', { number: salesTeam.players })}</span>
          <span className={teamStyles.salesButtons}>
            <button
              type="button"
              className={`button button-secondary ${styles.smallButton}`}
              aria-label={t('sales.renameOne', { name: salesTeam.name })}
              onClick={() => {
                change.reset();
                setName(salesTeam.name);
              }}
            >
              {t('sales.rename')}
            </button>
            <button
              type="button"
              className={`button button-secondary ${styles.smallButton}`}
              aria-label={t('sales.removeOne', { name: salesTeam.name, team: teamName })}
              disabled={salesTeam.players > 0 || change.isPending}
              aria-describedby={salesTeam.players > 0 ? `${inputId}-used` : undefined}
              onClick={() =>
                change.mutate({ kind: 'delete-sales-team', salesTeamId: salesTeam.id })
              }
            >
              {t('sales.remove')}
            </button>
          </span>
          {salesTeam.players > 0 && (
            <span id={`${inputId}-used`} className={`${styles.hint} ${teamStyles.salesNote}`}>
              {t('sales.inUse')}
            </span>
          )}
        </div>
      ) : (
        <form className={teamStyles.inlineForm} onSubmit={rename}>
          <label htmlFor={inputId} className="visually-hidden">
            {t('sales.newName', { name: salesTeam.name })}
          </label>
          <input
            id={inputId}
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
            // The field appears because the organiser asked for it: take them there.
            autoFocus
          />
          <button
            type="submit"
            className={`button ${styles.smallButton}`}
            disabled={change.isPending || name.trim() === ''}
          >
            {t('actions.save')}
          </button>
          <button
            type="button"
            className={`button button-secondary ${styles.smallButton}`}
            onClick={() => setName(null)}
          >
            {t('actions.cancel')}
          </button>
        </form>
      )}
      {change.isError && <Refusal error={change.error} className={styles.refusal} />}
    </li>
  );
}

function AddSalesTeam({ team }: { team: OrganiserTeam }) {
  const { t } = useTranslation('organise-season');
  const add = useTeamChange();
  const [name, setName] = useState('');
  const inputId = `sales-${team.id}-new`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    add.mutate(
      { kind: 'add-sales-team', teamId: team.id, name: name.trim() },
      { onSuccess: () => setName('') },
    );
  };
  return (
    <form className={teamStyles.inlineForm} onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('sales.addLabel', { team: team.name })}
      </label>
      <input
        id={inputId}
        value={name}
        maxLength={80}
        placeholder={t('sales.placeholder')}
        onChange={(event) => {
          // A refusal is about the name that was sent: a new name starts afresh.
          add.reset();
          setName(event.target.value);
        }}
      />
      <button
        type="submit"
        className={`button ${styles.smallButton}`}
        disabled={add.isPending || name.trim() === ''}
      >
        {t('sales.add')}
      </button>
      {add.isError && <Refusal error={add.error} className={styles.refusal} />}
    </form>
  );
}
