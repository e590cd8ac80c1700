import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../adapters/i18n';
import { Link } from '../../adapters/router';
import type { Me } from '#shared/contracts/me';
import type { Team } from '#shared/contracts/season';
import { nextTeamChange, seasonPosition } from '#shared/domain/calendar';
import { resolveLanguage } from '#shared/domain/language';
import { ProfileFields, type ProfileChoice } from '../../components/profile-fields';
import { useReviewableWeeks } from '../../components/review-links';
import { WeekCalendar } from '../../components/week-calendar';
import { usePlayer } from '../../lib/use-player';
import { useSaveProfile } from '../../api/me';
import { ApiError } from '../../lib/api-client';
import { countryName } from '../../lib/format';
import { formatMoment } from '../../lib/moment';
import { useTeamsAndLanguages } from '../../api/teams-and-languages';
import { useErrorText, useTransientMessage } from '../../lib/use-error-message';
import { currentWeek } from '../../lib/player-season';
import styles from './account.module.css';
import { ReminderSwitch } from './reminder-switch';
import { StatsTiles } from './stats-tiles';
import { MyData } from './my-data';
import { SeasonHistory } from './season-history';
import { TimeRequest } from './time-request';

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
 * What the team field says. While the team cannot change (a week is open in the player's zone,
 * or the season is over), why, and when it can again: at the week's close in the player's zone
 * (the last minute, as the calendar shows the week's last day). Otherwise, when the chosen
 * team's zone still has a week under way, from when the player can join it (a change needs
 * both zones between weeks, ADR 0006), or that they cannot this season. Times are in the
 * player's zone.
 */
function useTeamNote(me: Me, locked: boolean, chosen: Team | undefined): string | null {
  const { t, i18n } = useTranslation();
  const moment = (iso: string) => formatMoment(iso, i18n.language, me.timeZone);
  if (!me.season) return null;
  if (locked) {
    if (me.season.phase === 'ended') return t('account.teamLockedSeasonOver');
    const open = me.season.phase === 'week-open' ? currentWeek(me.season) : null;
    return open
      ? t('account.teamLockedUntil', { week: open.setNum, moment: moment(open.closesAt) })
      : t('account.teamLocked');
  }
  if (!chosen || !me.registered || !me.team || chosen.id === me.team.id) return null;
  // The instant `me` was answered at, as for `teamChangeable`: the note and the lock agree.
  const now = new Date(me.serverNow);
  const next = nextTeamChange(me.season.weeks, [me.timeZone, chosen.timeZone], now);
  if (next?.at.getTime() === now.getTime()) return null;
  const team = countryName(chosen.flag, chosen.name, i18n.language);
  if (!next) return t('account.teamZoneNever', { team });
  const from = moment(next.at.toISOString());
  const there = seasonPosition(me.season.weeks, chosen.timeZone, now);
  return there.phase === 'week-open'
    ? t('account.teamZoneOpen', { week: there.week!.setNum, team, moment: from })
    : t('account.teamChangeFrom', { moment: from });
}

/** A refused save's message: a team change refused while a week is under way says from when. */
function useSaveErrorText(me: Me) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  return (error: unknown) =>
    error instanceof ApiError &&
    error.code === 'TEAM_CHANGE_LOCKED' &&
    error.details &&
    'movableFrom' in error.details
      ? t('account.teamChangeFrom', {
          moment: formatMoment(error.details.movableFrom, i18n.language, me.timeZone),
        })
      : errorText(error);
}

/** Spec §2 'Account screen': language, team, sales team, the holiday calendar, statistics. */
export function AccountPage() {
  const { t } = useTranslation();
  const me = usePlayer();
  const options = useTeamsAndLanguages();
  const update = useSaveProfile('update');
  const register = useSaveProfile('register');
  const errorText = useSaveErrorText(me);
  const [error, setError] = useTransientMessage();
  const [saved, setSaved] = useTransientMessage();
  const [choice, setChoice] = useState(() => choiceOf(me));
  const [weeks, setWeeks] = useState(() => me.season?.weeks.map((week) => week.active) ?? []);
  const hasTeam = me.team !== null;
  // A returning player (last season's team kept) not registered for this season yet registers
  // here: their team is theirs to choose again, whatever the week, and the button says so.
  const returning = hasTeam && !me.registered;
  const teamLocked = me.registered && me.season !== null && !me.season.teamChangeable;
  const teamNote = useTeamNote(
    me,
    teamLocked,
    options.data?.teams.find((team) => team.id === choice.teamId),
  );
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
    <div className={`screen ${styles.page}`}>
      <h1 className="screen-title">{t('account.title')}</h1>
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
              teamLocked={teamLocked}
              teamNote={teamNote}
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
              {me.registered
                ? t('account.calendarHelp')
                : returning
                  ? t('account.registerAgainHelp', {
                      season: me.season.name,
                      button: t('registration.submit'),
                    })
                  : t('account.joinHelp')}
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
            {returning
              ? save.isPending
                ? t('registration.sending')
                : t('registration.submit')
              : save.isPending
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
      <TimeRequest />
      <StatsTiles />
      <PastWeekAnswers />
      <SeasonHistory />
      <MyData />
      <p>
        <Link to="/rules">{t('account.rulesLink')}</Link>
      </p>
    </div>
  );
}

/** Each week closed everywhere links to its answers, explanations and sources. */
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
