import { useTranslation } from '../adapters/i18n';
import type { TeamsAndLanguages } from '#shared/contracts/season';
import type { Language } from '#shared/domain/language';
import { countryName } from '../lib/format';
import styles from './profile-fields.module.css';

export interface ProfileChoice {
  language: Language;
  teamId: number | null;
  salesTeamId: number | null;
}

/**
 * Language, country team and optional sales team (registration and account page). Choosing a
 * team resets the sales team, whose options come from that team; with none, it is not offered.
 */
export function ProfileFields({
  value,
  onChange,
  options,
  teamLocked = false,
  teamNote,
}: {
  value: ProfileChoice;
  onChange: (next: ProfileChoice) => void;
  options: TeamsAndLanguages;
  /** The team and the sales team cannot change now. */
  teamLocked?: boolean;
  /** Why they cannot, or why the chosen team cannot be joined yet, under the fields. */
  teamNote?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const team = options.teams.find((entry) => entry.id === value.teamId);
  const teams = [...options.teams].sort((a, b) =>
    countryName(a.flag, a.name, i18n.language).localeCompare(
      countryName(b.flag, b.name, i18n.language),
      i18n.language,
    ),
  );
  return (
    <div className={styles.fields}>
      <label className={styles.field}>
        <span className={styles.label}>{t('profile.language')}</span>
        <select
          value={value.language}
          onChange={(event) => onChange({ ...value, language: event.target.value as Language })}
        >
          {options.languages.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{t('profile.team')}</span>
        <select
          value={value.teamId ?? ''}
          disabled={teamLocked}
          aria-describedby={teamNote ? 'team-note' : undefined}
          onChange={(event) =>
            onChange({
              ...value,
              teamId: event.target.value ? Number(event.target.value) : null,
              salesTeamId: null,
            })
          }
        >
          <option value="">{t('profile.chooseTeam')}</option>
          {teams.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {countryName(entry.flag, entry.name, i18n.language)}
            </option>
          ))}
        </select>
      </label>
      {team && team.salesTeams.length > 0 && (
        <label className={styles.field}>
          <span className={styles.label}>{t('profile.salesTeam')}</span>
          <select
            value={value.salesTeamId ?? ''}
            disabled={teamLocked}
            aria-describedby={teamLocked && teamNote ? 'team-note' : undefined}
            onChange={(event) =>
              onChange({
                ...value,
                salesTeamId: event.target.value ? Number(event.target.value) : null,
              })
            }
          >
            <option value="">{t('profile.noSalesTeam')}</option>
            {team.salesTeams.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {teamNote && (
        <p id="team-note" className={styles.note}>
          {teamNote}
        </p>
      )}
    </div>
  );
}
