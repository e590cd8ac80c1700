import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../adapters/i18n';
import { Link } from '../../adapters/router';
import type { Attempt, CurrentWeek } from '#shared/contracts/play';
import { GRACE_SECONDS, QUESTIONS_PER_WEEK } from '#shared/domain/scoring';
import { SeasonOverLinks } from '../../components/season-over';
import { usePlayer } from '../../lib/use-player';
import { useCurrentWeek } from '../../api/current-week';
import { useErrorText } from '../../lib/use-error-message';
import { useTimeLimitLabel } from '../../lib/use-time-limit-label';
import { useAttempt, usePlayAction } from './api/attempt';
import { ChallengerIntro, ChallengerInvitation, ChallengerQuestion } from './challenger';
import { ClosingSoon } from './closing-soon';
import { CalmTimer } from './calm-timer';
import styles from './play.module.css';
import { QuestionForm } from './question-form';
import { SidePanel } from './side-panel';
import { inPlay, useHeldAttempt } from './use-held-attempt';
import { useServerCountdown } from './use-server-countdown';
import { WeekResult } from './week-result';

/**
 * /questions, the weekly game's screen: loading, 'invalid' (inactive week), instructions,
 * the form, then the result and the optional challenger. The server keeps the attempt, so a
 * reload resumes at the same question with the clock still running. The attempt in play is
 * held on to when the week closes (ADR 0014): its result shows before the next week does.
 */
export function QuestionsPage() {
  const { t } = useTranslation();
  const week = useCurrentWeek();
  const held = useHeldAttempt();
  const currentId = week.data?.attemptId ?? null;
  const attempt = useAttempt(held.id ?? currentId);
  const { hold, seen, release } = held;
  const data = attempt.data;
  useEffect(() => {
    if (data && data.id === currentId && inPlay(data)) hold(data.id);
    else if (data && !inPlay(data)) seen();
  }, [data, currentId, hold, seen]);
  // A held attempt that cannot be read (another player signed in on this tab): let it go.
  useEffect(() => {
    if (held.id && attempt.isError) release();
  }, [held.id, attempt.isError, release]);

  if (week.isError || attempt.isError) {
    return (
      <Message title={t('play.loadErrorTitle')}>
        <p role="alert">{t('play.loadError')}</p>
        <button
          type="button"
          className="button"
          onClick={() => void (week.isError ? week.refetch() : attempt.refetch())}
        >
          {t('errorScreen.retry')}
        </button>
      </Message>
    );
  }
  if (!week.data || (week.data.attemptId && !attempt.data))
    return <p role="status">{t('app.loading')}</p>;
  // The week has moved on past the held attempt: its result, then a button to the next week.
  const movedOn = held.id !== null && held.id !== currentId;
  return (
    <WeekPlay
      week={week.data}
      attempt={attempt.data ?? null}
      onGoOn={movedOn && attempt.data && !inPlay(attempt.data) ? release : null}
    />
  );
}

function WeekPlay({
  week,
  attempt,
  onGoOn,
}: {
  week: CurrentWeek;
  attempt: Attempt | null;
  /** Set when the attempt shown is of a week that has closed since: leaves its result. */
  onGoOn: (() => void) | null;
}) {
  const { t } = useTranslation();
  const me = usePlayer();
  const name = me.givenName ?? t('play.player');
  const action = usePlayAction(attempt?.id ?? null);
  const errorText = useErrorText();
  const limitLabel = useTimeLimitLabel();
  const [challengerOpen, setChallengerOpen] = useState(false);
  const queryClient = useQueryClient();
  // The server closes a challenger whose time ran out once the grace period has passed.
  const refetchAfterGrace = (id: string) =>
    setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: ['attempt', id] }),
      GRACE_SECONDS * 1000 + 500,
    );

  switch (attempt ? 'played' : week.state) {
    case 'no-season':
    case 'not-open':
      return <Message title={t('play.notOpenTitle')}>{t('play.notOpen')}</Message>;
    case 'season-over':
      return (
        <Message title={t('seasonOver.title')}>
          <p>{t('seasonOver.body')}</p>
          <SeasonOverLinks />
        </Message>
      );
    case 'not-ready':
      return <Message title={t('play.title')}>{t('errors.WEEK_NOT_READY')}</Message>;
    case 'not-registered':
      return (
        <Message title={t('play.notRegisteredTitle')}>
          <Link to="/">{t('play.notRegistered')}</Link>
        </Message>
      );
    case 'no-active-weeks':
      return (
        <Message title={t('play.noActiveWeeksTitle')}>
          <Link to="/account">{t('play.noActiveWeeks')}</Link>
        </Message>
      );
    case 'inactive':
      return (
        <Message title={t('play.inactiveTitle')}>
          <p>{t('play.inactive')}</p>
          <Link className="button" to="/account">
            {t('play.toAccount')}
          </Link>
        </Message>
      );
    default:
      break;
  }

  const saveError = action.isError ? (
    <p role="alert" className={styles.error}>
      {t('play.saveError', { name })} {errorText(action.error)}
    </p>
  ) : null;

  if (!attempt) {
    return (
      <Message title={t('play.instructionsTitle', { name })}>
        <p>{t('play.topic', { topic: t(`topics.${week.week?.topic ?? 'brain'}`) })}</p>
        <p>{t('play.instructions', { limit: limitLabel(week.timeLimitSeconds) })}</p>
        {week.week && (
          <ClosingSoon
            closesAt={week.week.closesAt}
            serverNow={week.serverNow}
            limitSeconds={week.timeLimitSeconds}
          />
        )}
        <button
          type="button"
          className="button"
          disabled={action.isPending}
          onClick={() => action.mutate({ kind: 'start' })}
        >
          {t('play.start')}
        </button>
        {saveError}
      </Message>
    );
  }

  const challenger = attempt.challenger;
  // At zero the set is closed after the grace, in which a last answer still counts: the finish
  // then arrives after the deadline and is scored as a time-out (ADR 0014).
  const timer = (
    <AttemptTimer
      attempt={attempt}
      onTimeUp={() =>
        setTimeout(() => action.mutate({ kind: 'finish' }), GRACE_SECONDS * 1000 + 500)
      }
    />
  );
  let body;
  if (attempt.status === 'pending' && attempt.nextPosition !== null) {
    body = (
      <QuestionForm
        key={attempt.nextPosition}
        question={attempt.questions[attempt.nextPosition - 1]!}
        total={QUESTIONS_PER_WEEK}
        busy={action.isPending}
        submitLabel={
          attempt.nextPosition === QUESTIONS_PER_WEEK ? t('play.submit') : t('play.next')
        }
        onAnswer={(option) =>
          action.mutate({ kind: 'answer', position: attempt.nextPosition!, option })
        }
      />
    );
  } else if (attempt.status === 'pending') {
    body = <p role="status">{t('play.saving')}</p>;
  } else if (challenger?.status === 'in-progress') {
    body = (
      <ChallengerQuestion
        attempt={attempt}
        busy={action.isPending}
        onAnswer={(option) => action.mutate({ kind: 'answer-challenger', option })}
        onTimeUp={() => refetchAfterGrace(attempt.id)}
      />
    );
  } else if (challengerOpen && challenger?.status === 'pending' && challenger.available) {
    body = (
      <ChallengerIntro
        busy={action.isPending}
        limitSeconds={attempt.timeLimitSeconds}
        onStart={() => action.mutate({ kind: 'start-challenger' })}
      />
    );
  } else {
    const nextWeek = week.week && week.week.setNum !== attempt.setNum ? week.week.setNum : null;
    body = (
      <>
        <WeekResult attempt={attempt}>
          {onGoOn && (
            <button type="button" className="button" onClick={onGoOn}>
              {nextWeek === null ? t('play.continue') : t('play.nextWeek', { number: nextWeek })}
            </button>
          )}
        </WeekResult>
        {challenger?.status === 'pending' && challenger.available && (
          <ChallengerInvitation onAccept={() => setChallengerOpen(true)} />
        )}
      </>
    );
  }

  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <h1 className={styles.title}>{t('play.title')}</h1>
        {body}
        {saveError}
      </div>
      <SidePanel
        setNum={attempt.setNum}
        timer={attempt.status === 'pending' ? timer : null}
        weekScore={attempt.weekScore}
        bestWeekScore={week.bestWeekScore}
      />
    </div>
  );
}

function AttemptTimer({ attempt, onTimeUp }: { attempt: Attempt; onTimeUp: () => void }) {
  const remaining = useServerCountdown(attempt.deadlineAt, attempt.serverNow, onTimeUp);
  return <CalmTimer remainingMs={remaining} limitMs={attempt.timeLimitSeconds * 1000} />;
}

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={`card ${styles.message}`} aria-labelledby="page-title">
      <h1 id="page-title" className={styles.title}>
        {title}
      </h1>
      {typeof children === 'string' ? <p>{children}</p> : children}
    </section>
  );
}
