import type { ReactNode } from 'react';
import { useTranslation } from '../../adapters/i18n';
import { Link } from '../../adapters/router';
import type { Attempt } from '#shared/contracts/play';
import { averageSpeedLabel, formatDuration } from '#shared/domain/durations';
import { QUESTIONS_PER_WEEK } from '#shared/domain/scoring';
import { formatPoints } from '../../lib/format';
import styles from './play.module.css';

/**
 * The week's result as one account: what happened (all answered, time ran out, or
 * stopped early), the challenger's outcome, then the numbers once each and in that order — the
 * main questions, the challenger's effect, the week's total — with the time really used.
 */
export function WeekResult({ attempt, children }: { attempt: Attempt; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const result = attempt.result!;
  const outcome = attempt.challenger?.status === 'done' ? attempt.challenger.outcome : null;
  const points = (value: number) => formatPoints(value, i18n.language);
  const total = attempt.weekScore ?? result.mainScore;
  const effect = total - result.mainScore;
  const complete = result.answeredCount === QUESTIONS_PER_WEEK;
  const title = complete
    ? t('play.wellDoneTitle')
    : result.timedOut
      ? t('play.timeUpTitle')
      : t('play.finishedTitle');
  return (
    <div className={styles.result}>
      <h2 id="result-title">{title}</h2>
      {!complete && (
        <p>
          {result.timedOut
            ? t('play.timeUp', {
                number: result.answeredCount + 1,
                total: QUESTIONS_PER_WEEK,
              })
            : t('play.finishedEarly', {
                count: result.answeredCount,
                total: QUESTIONS_PER_WEEK,
              })}{' '}
          {result.timedOut && t('play.answersStillCount')}
        </p>
      )}
      {outcome && (
        <p>
          {t(
            outcome === 'correct'
              ? 'challenger.outcomeCorrect'
              : outcome === 'wrong'
                ? 'challenger.outcomeWrong'
                : 'challenger.outcomeTimeUp',
          )}
        </p>
      )}
      <dl className={styles.resultRows}>
        <div>
          <dt>{t('play.correctAnswers')}</dt>
          <dd>
            {t('play.correctOf', { correct: result.correctCount, total: QUESTIONS_PER_WEEK })}
          </dd>
        </div>
        <div>
          <dt>{outcome ? t('play.mainSet') : t('play.totalPoints')}</dt>
          <dd>{points(result.mainScore)}</dd>
        </div>
        {outcome && (
          <>
            <div>
              <dt>{t('challenger.title')}</dt>
              <dd>{effect >= 0 ? `+${points(effect)}` : `−${points(-effect)}`}</dd>
            </div>
            <div>
              <dt>{t('play.totalPoints')}</dt>
              <dd>{points(total)}</dd>
            </div>
          </>
        )}
        {result.answeredCount > 0 && (
          <div>
            <dt>{t('play.averageSpeed')}</dt>
            <dd>{averageSpeedLabel(result.elapsedSeconds, result.answeredCount)}</dd>
          </div>
        )}
        <div>
          <dt>{complete ? t('play.timeToComplete') : t('play.timeUsed')}</dt>
          <dd>{formatDuration(result.elapsedSeconds)}</dd>
        </div>
      </dl>
      {children}
      <Link className="button" to="/leaderboard">
        {t('play.toLeaderboard')}
      </Link>
    </div>
  );
}
