import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import type { OrganiserTeam } from '#shared/contracts/organise';
import { REGIONS } from '#shared/domain/regions';
import { Flag } from '../../../components/flag';
import styles from '../organise-screen.module.css';
import { Refusal } from '../refusal';
import { fieldId, TextField } from '../text-field';
import { useTeamChange } from './api/teams';
import { teamInput, teamIssues, type TeamForm } from './team-form';
import teamStyles from './teams.module.css';

/**
 * Adds a team (`team` undefined) or edits one: name, flag code, region, time zone, and for a
 * new team the code content files use. Calls `onDone` with the saved team.
 */
export function TeamEditor({
  team,
  initial,
  onDone,
  onCancel,
}: {
  team?: OrganiserTeam;
  initial: TeamForm;
  onDone: (team: OrganiserTeam) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('organise-season');
  const creating = team === undefined;
  const prefix = creating ? 'new-team' : `team-${team.id}`;
  const save = useTeamChange();
  const [form, setForm] = useState(initial);
  const [checked, setChecked] = useState(false);
  const issues = teamIssues(form, creating);
  const problem = (field: keyof TeamForm) =>
    checked && issues[field] ? t(`problems.${issues[field]}`) : undefined;
  const change = (next: Partial<TeamForm>) => setForm((current) => ({ ...current, ...next }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const first = (Object.keys(issues) as (keyof TeamForm)[])[0];
    if (first) {
      document.getElementById(fieldId(`${prefix}.${first}`))?.focus();
      return;
    }
    const input = teamInput(form, creating);
    save.mutate(
      creating
        ? { kind: 'create-team', input }
        : {
            kind: 'update-team',
            teamId: team.id,
            input: {
              name: input.name,
              flag: input.flag,
              region: input.region,
              timeZone: input.timeZone,
            },
          },
      { onSuccess: onDone },
    );
  };

  const flagPreview = /^[a-z]{2}(-[a-z]+)?$/.test(form.flag.trim().toLowerCase());
  return (
    <form className={teamStyles.editor} onSubmit={submit} noValidate>
      <TextField
        field={`${prefix}.name`}
        label={t('teams.name')}
        value={form.name}
        onChange={(name) => change({ name })}
        problem={problem('name')}
        maxLength={80}
      />
      <div className={teamStyles.flagField}>
        <TextField
          field={`${prefix}.flag`}
          label={t('teams.flag')}
          hint={t('teams.flagHint')}
          value={form.flag}
          onChange={(flag) => change({ flag })}
          problem={problem('flag')}
          maxLength={12}
        />
        {flagPreview && <Flag code={form.flag.trim()} className={teamStyles.preview} />}
      </div>
      <div className={styles.field}>
        <label htmlFor={fieldId(`${prefix}.region`)} className={styles.label}>
          {t('teams.region')}
        </label>
        <select
          id={fieldId(`${prefix}.region`)}
          value={form.region}
          onChange={(event) => change({ region: event.target.value as TeamForm['region'] })}
        >
          {REGIONS.map((region) => (
            <option key={region} value={region}>
              {t(`regions.${region}`, { ns: 'translation' })}
            </option>
          ))}
        </select>
      </div>
      <TextField
        field={`${prefix}.timeZone`}
        label={t('teams.timeZone')}
        hint={creating ? t('teams.timeZoneHint') : t('teams.timeZoneLockHint')}
        value={form.timeZone}
        onChange={(timeZone) => change({ timeZone })}
        problem={problem('timeZone')}
        list="team-zones"
      />
      {creating && (
        <TextField
          field={`${prefix}.code`}
          label={t('teams.code')}
          hint={t('teams.codeHint')}
          value={form.code}
          onChange={(code) => change({ code })}
          problem={problem('code')}
          maxLength={20}
        />
      )}
      {save.isError && <Refusal error={save.error} className={styles.refusal} />}
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? t('actions.saving') : creating ? t('teams.addTeam') : t('actions.save')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
