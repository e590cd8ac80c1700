import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Attempt } from '../../../shared/contracts/play';
import { averageSpeedLabel, formatDuration } from '../../../shared/domain/durations';
import { QUESTIONS_PER_WEEK } from '../../../shared/domain/scoring';
import { formatPoints, pointsCount } from '../../lib/format';
import styles from './play.module.css';

/**
 * The main result: 'Well done' with the score, points this week, average speed and time to
 * complete; or, when time ran out, 'Oops, you took too long!' and the question reached.
 */
export function MainResult({ attempt }: { attempt: Attempt }) {
  const { t, i18n } = useTranslation();
  const result = attempt.result!;
  return (
    <div className={styles.result}>
      {result.timedOut ? (
        <>
          <h2 id="result-title">{t('play.timeUpTitle')}</h2>
          <p>
            {t('play.timeUp', {
              number: Math.min(result.answeredCount + 1, QUESTIONS_PER_WEEK),
              total: QUESTIONS_PER_WEEK,
            })}
          </p>
          <p>
            {t('play.timeUpPoints', {
              ...pointsCount(result.mainScore, i18n.language),
              correct: result.correctCount,
            })}
          </p>
        </>
      ) : (
        <>
          <h2 id="result-title">{t('play.wellDoneTitle')}</h2>
          <p>{t('play.wellDone', pointsCount(result.mainScore, i18n.language))}</p>
        </>
      )}
      <dl className={styles.resultRows}>
        <div>
          <dt>{t('play.totalPoints')}</dt>
          <dd>{formatPoints(attempt.weekScore ?? result.mainScore, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('play.averageSpeed')}</dt>
          <dd>{averageSpeedLabel(result.elapsedSeconds, result.answeredCount)}</dd>
        </div>
        <div>
          <dt>{t('play.timeToComplete')}</dt>
          <dd>{formatDuration(result.elapsedSeconds)}</dd>
        </div>
      </dl>
      <Link className="button" to="/leaderboard">
        {t('play.toLeaderboard')}
      </Link>
    </div>
  );
}
