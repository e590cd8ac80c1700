import { useTranslation } from '../../../adapters/i18n';
import type { Dashboard } from '#shared/contracts/organise-reports';
import styles from './dashboard.module.css';
import { percentText } from '../figures';
import { ShareBar } from '../share-bar';
import { slotName } from './warnings-panel';
import stacked from '../stacked-table.module.css';

type Question = Dashboard['questions'][number];

/**
 * The week's questions, hardest first: the share of correct answers, and how the answers spread
 * over the options (a table per question; the right option is marked in words, not only colour).
 */
export function HardestQuestions({ questions }: { questions: Question[] }) {
  const { t } = useTranslation('organise-players');
  return (
    <section aria-labelledby="questions-title" className={styles.section}>
      <h2 id="questions-title" className={styles.heading}>
        {t('dashboard.questions.title')}
      </h2>
      {questions.length === 0 ? (
        <p className={styles.empty}>{t('dashboard.questions.empty')}</p>
      ) : (
        <>
          <p className={styles.note}>{t('dashboard.questions.intro')}</p>
          <ol className={styles.questions}>
            {questions.map((question) => (
              <li key={String(question.slot)} className={styles.question}>
                <QuestionStats question={question} />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function QuestionStats({ question }: { question: Question }) {
  const { t, i18n } = useTranslation('organise-players');
  const id = `question-${question.slot}`;
  return (
    <article aria-labelledby={id}>
      <h3 id={id} className={styles.questionTitle}>
        {t('dashboard.questions.heading', {
          slot: slotName(question.slot, t),
          // Categories are the season's topics, translated in the main locale.
          category: i18n.exists(`topics.${question.category}`, { ns: 'translation' })
            ? t(`topics.${question.category}`, { ns: 'translation' })
            : question.category,
        })}
      </h3>
      <p className={styles.questionText}>{question.text}</p>
      <p className={styles.correctShare}>
        {question.answered === 0
          ? t('dashboard.questions.noAnswers')
          : t('dashboard.questions.correct', {
              share: percentText(question.correctShare, i18n.language),
              correct: question.correct,
              answered: question.answered,
              count: question.answered,
            })}
      </p>
      {/* Before any answer the spread would be all zeros: the line above says so. */}
      {question.answered > 0 && (
        <div className={styles.scroller} role="region" aria-labelledby={id} tabIndex={0}>
          <table className={`${styles.table} ${styles.options} ${stacked.table}`}>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.questions.option')}</th>
                <th scope="col">{t('dashboard.questions.answer')}</th>
                <th scope="col">{t('dashboard.questions.chosen')}</th>
              </tr>
            </thead>
            <tbody>
              {question.options.map((option) => (
                <tr key={option.key} className={option.correct ? styles.correctRow : undefined}>
                  <td>{option.key.toUpperCase()}</td>
                  <th scope="row" className={styles.optionText}>
                    {option.text}
                    {option.correct && (
                      <span className={styles.correctMark}>
                        <span aria-hidden="true"> ✓ </span>
                        {t('dashboard.questions.correctAnswer')}
                      </span>
                    )}
                  </th>
                  <td data-label={t('dashboard.questions.chosen')}>
                    <ShareBar
                      percent={option.share}
                      strong={option.correct}
                      text={`${percentText(option.share, i18n.language)} (${option.chosen})`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
