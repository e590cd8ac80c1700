import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import type { PlayerDetail } from '#shared/contracts/organise-players';
import { countryName } from '../../../lib/format';
import { useTeamsAndLanguages } from '../../../api/teams-and-languages';
import { useMovePlayer } from './api/move-player';
import { useActionErrorText } from './action-error';
import styles from './players.module.css';
import { FormMessage, type FormMessageText } from './form-message';

/**
 * Moves the player to another country team (and sales team) for the weeks not begun; weeks
 * played stay with the team they were played for. The reason is optional.
 */
export function MoveTeamForm({ detail }: { detail: PlayerDetail }) {
  const { t, i18n } = useTranslation('organise-players');
  const { player } = detail;
  const options = useTeamsAndLanguages();
  const move = useMovePlayer(player.id);
  const errorText = useActionErrorText({ action: 'move', player });
  const [teamId, setTeamId] = useState(player.team ? String(player.team.id) : '');
  const [salesTeamId, setSalesTeamId] = useState(
    player.salesTeam ? String(player.salesTeam.id) : '',
  );
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<FormMessageText | null>(null);

  const teams = (options.data?.teams ?? [])
    .map((team) => ({ ...team, label: countryName(team.flag, team.name, i18n.language) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  const team = teams.find((entry) => String(entry.id) === teamId);
  const unchanged =
    teamId === String(player.team?.id ?? '') && salesTeamId === String(player.salesTeam?.id ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!team) return;
    if (unchanged) {
      setMessage({ text: t('player.move.unchanged'), error: true });
      return;
    }
    setMessage(null);
    move.mutate(
      {
        teamId: team.id,
        salesTeamId: salesTeamId === '' ? null : Number(salesTeamId),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      },
      {
        onSuccess: () => {
          setReason('');
          setMessage({
            text: t('player.move.done', { name: player.name, team: team.label }),
            error: false,
          });
        },
        onError: (failure) => setMessage({ text: errorText(failure), error: true }),
      },
    );
  };

  return (
    <form className={styles.panel} onSubmit={submit} aria-labelledby="move-title">
      <h2 id="move-title" className={styles.heading}>
        {t('player.move.title')}
      </h2>
      {!player.registered ? (
        <p className={styles.muted}>{t('player.move.notRegistered')}</p>
      ) : (
        <>
          <p className={styles.muted}>{t('player.move.help')}</p>
          <div className={styles.fields}>
            <label className={styles.field}>
              <span>{t('player.move.team')}</span>
              <select
                value={teamId}
                onChange={(event) => {
                  setTeamId(event.target.value);
                  setSalesTeamId('');
                }}
              >
                {teams.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.label}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.field}>
              <span>{t('player.move.salesTeam')}</span>
              <select value={salesTeamId} onChange={(event) => setSalesTeamId(event.target.value)}>
                <option value="">{t('player.move.noSalesTeam')}</option>
                {team?.salesTeams.map((salesTeam) => (
                  <option key={salesTeam.id} value={salesTeam.id}>
                    {salesTeam.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <label className={styles.field}>
            <span>{t('player.move.reason')}</span>
            <input
              type="text"
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          <div className={styles.formButtons}>
            <button type="submit" className="button" disabled={move.isPending || !team}>
              {move.isPending ? t('player.move.saving') : t('player.move.submit')}
            </button>
          </div>
          <FormMessage message={message} />
        </>
      )}
    </form>
  );
}
