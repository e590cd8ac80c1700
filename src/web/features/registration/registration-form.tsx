import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../adapters/i18n';
import type { Me } from '#shared/contracts/me';
import { resolveLanguage } from '#shared/domain/language';
import { ProfileFields, type ProfileChoice } from '../../components/profile-fields';
import { WeekCalendar } from '../../components/week-calendar';
import { ApiError } from '../../lib/api-client';
import { useSaveProfile } from '../../api/me';
import { useTeamsAndLanguages } from '../../api/teams-and-languages';
import { useErrorText, useTransientMessage } from '../../lib/use-error-message';
import styles from './registration.module.css';

type Season = NonNullable<Me['season']>;

/** Spec §2 'Pre-launch registration screen': language, team, sales team, six weeks, submit. */
export function RegistrationForm({ me, season }: { me: Me; season: Season }) {
  const { t } = useTranslation();
  const options = useTeamsAndLanguages();
  const save = useSaveProfile('register');
  const errorText = useErrorText();
  const [error, setError] = useTransientMessage();
  const [choice, setChoice] = useState<ProfileChoice>(() => ({
    language: resolveLanguage({
      profile: me.language,
      idpLocale: me.locale,
      browser: navigator.languages,
    }),
    // A player back for a new season finds their last team and sales team (ADR 0039).
    teamId: me.team?.id ?? null,
    salesTeamId: me.salesTeam?.id ?? null,
  }));
  const [weeks, setWeeks] = useState(() => season.weeks.map((week) => week.active));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice.teamId === null) return setError(t('registration.teamRequired'));
    save.mutate(
      {
        language: choice.language,
        teamId: choice.teamId,
        salesTeamId: choice.salesTeamId,
        activeWeeks: weeks,
      },
      {
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.code !== 'INTERNAL'
              ? errorText(failure)
              : t('errors.generic'),
          ),
      },
    );
  };

  if (options.isPending) return <p role="status">{t('app.loading')}</p>;
  if (options.isError) {
    return (
      <p role="alert" className={styles.error}>
        {t('errors.generic')}{' '}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void options.refetch()}
        >
          {t('errorScreen.retry')}
        </button>
      </p>
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <ProfileFields value={choice} onChange={setChoice} options={options.data} />
      <h2 className={styles.subheading}>{t('registration.weeksTitle')}</h2>
      <p className={styles.note}>{t('registration.weeksHelp')}</p>
      <WeekCalendar
        weeks={season.weeks}
        value={weeks}
        timeZone={
          options.data.teams.find((team) => team.id === choice.teamId)?.timeZone ?? me.timeZone
        }
        onToggle={(setNum) =>
          setWeeks((current) =>
            current.map((active, index) => (index === setNum - 1 ? !active : active)),
          )
        }
      />
      <p className={styles.note}>{t('registration.updateLater')}</p>
      <p className={styles.note}>{t('registration.reminders')}</p>
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? t('registration.sending') : t('registration.submit')}
        </button>
      </div>
      <p role="alert" className={styles.error}>
        {error}
      </p>
    </form>
  );
}
