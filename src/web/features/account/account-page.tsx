import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from '../../lib/router';
import type { Me } from '../../../shared/contracts/me';
import { resolveLanguage } from '../../../shared/domain/language';
import { ProfileFields, type ProfileChoice } from '../../components/profile-fields';
import { useReviewableWeeks } from '../../components/review-links';
import { WeekCalendar } from '../../components/week-calendar';
import { usePlayer } from '../../lib/auth/use-player';
import { useSaveProfile } from '../../lib/auth/save-profile';
import { formatMoment } from '../../lib/moment';
import { useTeamsAndLanguages } from '../../lib/teams';
import { useErrorText, useTransientMessage } from '../../lib/use-error-message';
import { currentWeek } from '../home/race-week';
import styles from './account.module.css';
import { ReminderSwitch } from './reminder-switch';
import { StatsTiles } from './stats-tiles';

const choiceOf = (me: Me): ProfileChoice => ({
  language: resolveLanguage({
    profile: me.language,
    idpLocale: me.locale,
    browser: navigator.languages,
  }),
  teamId: me.team?.id ?? null,
  salesTeamId: me.salesTeam?.id ?? null,
});

/**
 * Why the team cannot change now. While a week is open, also when it can again: at the week's
 * close in the player's zone (the last minute, as the calendar shows the week's last day).
 */
function useTeamLockedReason(me: Me): string {
  const { t, i18n } = useTranslation();
  const open = me.season?.phase === 'week-open' ? currentWeek(me.season) : null;
  if (!open) return t('account.teamLocked');
  return t('account.teamLockedUntil', {
    week: open.setNum,
    moment: formatMoment(open.closesAt, i18n.language, me.timeZone),
  });
}

/** Spec §2 'Account screen': language, team, sales team, the holiday calendar, statistics. */
export function AccountPage() {
  const { t } = useTranslation();
  const me = usePlayer();
  const options = useTeamsAndLanguages();
  const update = useSaveProfile('update');
  const register = useSaveProfile('register');
  const errorText = useErrorText();
  const [error, setError] = useTransientMessage();
  const [saved, setSaved] = useTransientMessage();
  const [choice, setChoice] = useState(() => choiceOf(me));
  const [weeks, setWeeks] = useState(() => me.season?.weeks.map((week) => week.active) ?? []);
  const hasTeam = me.team !== null;
  const teamLockedReason = useTeamLockedReason(me);
  // A player without a team joins one here as on the registration screen.
  const save = me.registered ? update : register;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice.teamId === null) return;
    save.mutate(
      {
        language: choice.language,
        teamId: choice.teamId,
        salesTeamId: choice.salesTeamId,
        activeWeeks: weeks,
      },
      {
        onSuccess: (updated) => {
          setChoice(choiceOf(updated));
          setWeeks(updated.season?.weeks.map((week) => week.active) ?? []);
          // The key, not the text: saving may switch the language, and the message follows it.
          setSaved('account.saved');
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('account.title')}</h1>
      <p className={styles.identity}>
        {me.name} {me.email && <span className={styles.email}>· {me.email}</span>}
      </p>
      <form onSubmit={submit} className={styles.form} aria-labelledby="details-title">
        <section className={styles.section}>
          <h2 id="details-title" className={styles.heading}>
            {t('account.detailsTitle')}
          </h2>
          {options.data ? (
            <ProfileFields
              value={choice}
              onChange={setChoice}
              options={options.data}
              teamLocked={hasTeam && me.season !== null && !me.season.teamChangeable}
              teamLockedReason={teamLockedReason}
            />
          ) : options.isError ? (
            <p role="alert">{t('errors.generic')}</p>
          ) : (
            <p role="status">{t('app.loading')}</p>
          )}
        </section>
        {me.season && (
          <section className={styles.section} aria-labelledby="calendar-title">
            <h2 id="calendar-title" className={styles.heading}>
              {t('account.calendarTitle')}
            </h2>
            <p className={styles.note}>
              {hasTeam ? t('account.calendarHelp') : t('account.joinHelp')}
            </p>
            <WeekCalendar
              weeks={me.season.weeks}
              value={weeks}
              timeZone={me.timeZone}
              disabled={!hasTeam && choice.teamId === null}
              onToggle={(setNum) =>
                setWeeks((current) =>
                  current.map((active, index) => (index === setNum - 1 ? !active : active)),
                )
              }
            />
          </section>
        )}
        <div className={styles.actions}>
          <button
            type="submit"
            className="button"
            disabled={save.isPending || !options.data || choice.teamId === null}
          >
            {save.isPending
              ? t('account.updating')
              : hasTeam
                ? t('account.update')
                : t('account.join')}
          </button>
          <span role="status" className={styles.saved}>
            {saved && t(saved)}
          </span>
        </div>
        <p role="alert" className={styles.error}>
          {error}
        </p>
      </form>
      {me.registered && <ReminderSwitch />}
      <StatsTiles />
      <PastWeekAnswers />
      <p>
        <Link to="/rules">{t('account.rulesLink')}</Link>
      </p>
    </div>
  );
}

/** Issue 17: each week closed everywhere links to its answers, explanations and sources. */
function PastWeekAnswers() {
  const { t } = useTranslation();
  const weeks = useReviewableWeeks();
  return (
    <section className={styles.section} aria-labelledby="past-answers-title">
      <h2 id="past-answers-title" className={styles.heading}>
        {t('review.accountTitle')}
      </h2>
      {weeks.length === 0 ? (
        <p className={styles.note}>{t('review.accountNone')}</p>
      ) : (
        <ul className={styles.reviewLinks}>
          {weeks.map((setNum) => (
            <li key={setNum}>
              <Link to={`/weeks/${setNum}/review`}>{t('review.weekLink', { week: setNum })}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
