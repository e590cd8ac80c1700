import { useTranslation } from '../../adapters/i18n';
import { Link, useParams } from '../../adapters/router';
import type { WeekReview } from '#shared/contracts/review';
import { WEEK_COUNT } from '#shared/domain/calendar';
import { LoadFailed } from '../../components/load-failed';
import { ApiError } from '../../lib/api-client';
import { usePlayer } from '../../lib/use-player';
import { formatPoints } from '../../lib/format';
import { useWeekReview } from './api/get-week-review';
import { ReviewQuestionCard } from './review-question';
import styles from './review.module.css';

/** A closed week's questions, the right answers and why, next to the player's own. */
export function WeekReviewPage() {
  const { t, ready } = useTranslation('review');
  const { setNum: param } = useParams();
  const setNum = Number(param);
  const valid = Number.isInteger(setNum) && setNum >= 1 && setNum <= WEEK_COUNT;
  const review = useWeekReview(valid ? setNum : 0);

  if (!ready) return <p role="status">{t('loading')}</p>;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('title', { week: valid ? setNum : param })}</h1>
      {!valid ? (
        <Refusal text={t('notFound')} />
      ) : review.isPending ? (
        <p role="status" className={styles.note}>
          {t('loading')}
        </p>
      ) : review.isError ? (
        review.error instanceof ApiError && review.error.code === 'WEEK_NOT_CLOSED' ? (
          <Refusal text={t('notClosed')} />
        ) : (
          <LoadFailed error={review.error} onRetry={() => void review.refetch()} />
        )
      ) : (
        <ReviewBody review={review.data} />
      )}
    </div>
  );
}

function Refusal({ text }: { text: string }) {
  const { t } = useTranslation('review');
  return (
    <div className={styles.card} role="alert">
      <p className={styles.cardText}>{text}</p>
      <Link to="/">{t('back')}</Link>
    </div>
  );
}

function ReviewBody({ review }: { review: WeekReview }) {
  const { t, i18n } = useTranslation('review');
  const { t: tMain } = useTranslation();
  const me = usePlayer();
  const event = me.season?.events.find((entry) => entry.id === review.eventId);
  const points = (hundredths: number) => formatPoints(hundredths, i18n.language);
  const { result, challenger } = review;
  return (
    <>
      <p className={styles.subtitle}>
        {event ? `${tMain(`events.${event.key}`)} · ` : ''}
        {t('eventWeek', { week: review.eventWeek })}
      </p>
      {result ? (
        <dl className={styles.summary}>
          <div>
            <dt>{t('summary.correct')}</dt>
            <dd>
              {t('summary.outOf', { count: result.correctCount, total: review.questions.length })}
            </dd>
          </div>
          <div>
            <dt>{t('summary.speedBonus')}</dt>
            <dd>{points(result.speedBonus)}</dd>
          </div>
          <div>
            <dt>{t('summary.weekScore')}</dt>
            <dd>{points(result.weekScore)}</dd>
          </div>
        </dl>
      ) : (
        <p className={styles.card}>{review.onHoliday ? t('onHoliday') : t('notPlayed')}</p>
      )}
      {review.questions.length === 0 ? (
        <p className={styles.card}>{t('empty')}</p>
      ) : (
        <ol className={styles.questions}>
          {review.questions.map((question) => (
            <li key={question.position}>
              <ReviewQuestionCard
                question={question}
                heading={t('question', { position: question.position })}
                played={result !== null}
              />
            </li>
          ))}
        </ol>
      )}
      {challenger.question && (
        <section className={styles.challenger} aria-label={t('challenger')}>
          <p className={styles.challengerNote}>{t(`challengerOutcome.${challenger.outcome}`)}</p>
          <ReviewQuestionCard
            question={challenger.question}
            heading={t('challenger')}
            played={challenger.outcome !== 'not-taken'}
          />
        </section>
      )}
      <p>
        <Link to="/account">{t('allWeeks')}</Link>
      </p>
    </>
  );
}
