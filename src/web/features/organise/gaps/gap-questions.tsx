import { useTranslation } from '../../../adapters/i18n';
import type { GapQuestion, Gaps } from '#shared/contracts/organise-gaps';
import { percentText, timeText } from '../figures';
import { countsText, topicName } from './gaps-labels';
import styles from './gaps.module.css';
import { ShareBar } from '../share-bar';

/**
 * The questions, weakest first, with those that look flawed flagged for review (the reason in
 * words, not only a colour): cards on a phone, a table from a tablet up.
 */
export function GapQuestions({ gaps }: { gaps: Gaps }) {
  const { t, i18n } = useTranslation('organise-gaps');
  const flagged = gaps.questions.filter((question) => question.flags.length > 0).length;
  const where = (question: GapQuestion) =>
    t('questions.where', {
      number: question.setNum,
      slot:
        question.slot === 'challenger'
          ? t('questions.challenger')
          : t('questions.slot', { number: question.slot }),
    });
  const topic = (question: GapQuestion) =>
    topicName(question.category, t, (key) => i18n.exists(key));
  const flags = (question: GapQuestion) =>
    question.flags.length > 0 && (
      <ul className={styles.flags}>
        {question.flags.map((flag) => (
          <li key={flag} className={styles.flag}>
            <span aria-hidden="true">⚠ </span>
            {t(`questions.flags.${flag}`, {
              percent: percentText(
                flag === 'fewCorrect'
                  ? gaps.thresholds.lowCorrectPercent
                  : gaps.thresholds.popularWrongPercent,
                i18n.language,
              ),
            })}
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="gap-questions-title" className={styles.section}>
      <h2 id="gap-questions-title" className={styles.heading}>
        {t('questions.title')}
      </h2>
      <p className={styles.note}>
        {flagged > 0 ? t('questions.flagged', { count: flagged }) : t('questions.noneFlagged')}{' '}
        {t('questions.rule', {
          count: gaps.thresholds.minAnswers,
          low: percentText(gaps.thresholds.lowCorrectPercent, i18n.language),
          popular: percentText(gaps.thresholds.popularWrongPercent, i18n.language),
        })}
      </p>
      <ol className={`${styles.cards} ${styles.narrowOnly}`}>
        {gaps.questions.map((question) => (
          <li
            key={`${question.setNum}-${question.slot}`}
            className={
              question.flags.length > 0 ? `${styles.card} ${styles.flaggedCard}` : styles.card
            }
          >
            <h3 className={styles.cardTitle}>
              {where(question)} · {topic(question)}
            </h3>
            <p className={styles.questionText}>{question.text}</p>
            <ShareBar
              percent={question.correctShare}
              text={t('topics.correctShare', {
                share: percentText(question.correctShare, i18n.language),
              })}
            />
            <p className={styles.cardLine}>
              {t('topics.averageTime', { time: timeText(question.averageSeconds) })} ·{' '}
              {countsText(question, t)}
            </p>
            {flags(question)}
          </li>
        ))}
      </ol>
      <table className={`${styles.table} ${styles.wideOnly}`}>
        <thead>
          <tr>
            <th scope="col">{t('columns.question')}</th>
            <th scope="col">{t('columns.topic')}</th>
            <th scope="col">{t('columns.correct')}</th>
            <th scope="col" className={styles.number}>
              {t('columns.time')}
            </th>
            <th scope="col">{t('columns.answers')}</th>
            <th scope="col">{t('columns.review')}</th>
          </tr>
        </thead>
        <tbody>
          {gaps.questions.map((question) => (
            <tr
              key={`${question.setNum}-${question.slot}`}
              className={question.flags.length > 0 ? styles.flaggedRow : undefined}
            >
              <th scope="row" className={styles.questionCell}>
                {/* A grid inside the cell: a grid cell itself would leave the table's layout. */}
                <span className={styles.questionStack}>
                  <span className={styles.where}>{where(question)}</span>
                  <span className={styles.questionText}>{question.text}</span>
                </span>
              </th>
              <td>{topic(question)}</td>
              <td>
                <ShareBar
                  percent={question.correctShare}
                  text={percentText(question.correctShare, i18n.language)}
                />
              </td>
              <td className={styles.number}>{timeText(question.averageSeconds)}</td>
              <td>{countsText(question, t)}</td>
              <td>{flags(question) || t('questions.fine')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
