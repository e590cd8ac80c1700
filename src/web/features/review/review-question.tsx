import { useTranslation } from '../../adapters/i18n';
import type { ReviewQuestion } from '#shared/contracts/review';
import styles from './review.module.css';

/** One question of the review: options with the correct one and the player's, then why. */
export function ReviewQuestionCard({
  question,
  heading,
  played,
}: {
  question: ReviewQuestion;
  heading: string;
  /** Whether to say 'not answered' (the player played the set) or nothing (they did not). */
  played: boolean;
}) {
  const { t } = useTranslation('review');
  const { t: tMain } = useTranslation();
  const { correction } = question;
  const voided = correction?.kind === 'voided';
  // Every option the key accepts since a correction; none of a voided question (ADR 0041).
  const accepted = voided
    ? []
    : [question.correctOption, ...(correction?.kind === 'accepted' ? correction.options : [])];
  const verdict = voided
    ? 'voided'
    : question.answer === null
      ? played
        ? 'unanswered'
        : null
      : accepted.includes(question.answer)
        ? 'right'
        : 'wrong';
  const id = `question-${heading.replace(/\W+/g, '-')}`;
  return (
    <article className={styles.question} aria-labelledby={id}>
      <header className={styles.questionHead}>
        <span className={styles.questionNumber}>{heading}</span>
        <span className={styles.topic}>{tMain(`topics.${question.category}`)}</span>
        {verdict && (
          <span className={`${styles.verdict} ${styles[verdict]}`}>{t(`verdict.${verdict}`)}</span>
        )}
      </header>
      <h2 id={id} className={styles.questionText}>
        {question.text}
      </h2>
      {correction && (
        <p className={styles.correction} role="note">
          {correction.kind === 'voided'
            ? t('correction.voided')
            : t('correction.accepted', {
                count: correction.options.length,
                options: correction.options.map((key) => key.toUpperCase()).join(', '),
              })}
        </p>
      )}
      <ul className={styles.options}>
        {question.options.map((option) => {
          const correct = accepted.includes(option.key);
          const chosen = option.key === question.answer;
          const className = [
            styles.option,
            correct ? styles.correctOption : '',
            chosen && !correct ? styles.wrongOption : '',
          ].join(' ');
          return (
            <li key={option.key} className={className}>
              <span className={styles.optionKey} aria-hidden="true">
                {option.key.toUpperCase()}
              </span>
              <span className={styles.optionText}>{option.text}</span>
              {(correct || chosen) && (
                <span className={styles.marks}>
                  {correct && <span className={styles.markCorrect}>✓ {t('correctAnswer')}</span>}
                  {chosen && <span className={styles.markChosen}>{t('yourAnswer')}</span>}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <div className={styles.why}>
        <h3 className={styles.whyTitle}>{t('why')}</h3>
        <p className={styles.whyText}>{question.explanation ?? t('noExplanation')}</p>
        {question.source && (
          <p className={styles.source}>
            <span className={styles.sourceLabel}>{t('source')}:</span> {question.source}
          </p>
        )}
      </div>
    </article>
  );
}
