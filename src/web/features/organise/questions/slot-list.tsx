import { useTranslation } from '../../../adapters/i18n';
import { Link } from '../../../adapters/router';
import type { OrganiserQuestion, WeekQuestions } from '#shared/contracts/organise-questions';
import { LANGUAGES } from '#shared/domain/language';
import { questionsSearch, type SeasonId } from './api/season';
import { useLabels } from './labels';
import styles from './questions.module.css';

/** The week's six slots: category, review, translations, and a way into the editor. */
export function SlotList({ week, season }: { week: WeekQuestions; season: SeasonId }) {
  const { t } = useTranslation('organise-questions');
  const { slotName } = useLabels();
  return (
    <section aria-labelledby="slots-title">
      <h3 id="slots-title">{t('slots.title')}</h3>
      <ul className={styles.slots}>
        {week.slots.map(({ slot, question }) => (
          <li key={slot} className={styles.slot}>
            <div className={styles.slotHead}>
              <h4>{slotName(slot)}</h4>
              {question && <ReviewBadge question={question} />}
            </div>
            {question ? (
              <>
                <p className={styles.slotText} lang="en">
                  {question.translations.en?.text}
                </p>
                <p className={styles.muted}>
                  {t(`category.${question.category}`)} ·{' '}
                  {t('slots.options', { number: question.optionKeys.length })}
                </p>
                <Approval question={question} />
                <TranslationFlags question={question} />
              </>
            ) : (
              <p className={styles.bad}>{t('slots.missing')}</p>
            )}
            <Link
              className="button button-secondary"
              to={questionsSearch(week.setNum, season, slot)}
            >
              {week.locked ? t('slots.view') : question ? t('slots.edit') : t('slots.write')}
              <span className="visually-hidden"> – {slotName(slot)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ReviewBadge({ question }: { question: OrganiserQuestion }) {
  const { t } = useTranslation('organise-questions');
  return (
    <span className={question.status === 'approved' ? styles.approved : styles.draft}>
      {t(`review.${question.status}`)}
    </span>
  );
}

/** Who approved the question and when (an approved question without approver came from a file). */
export function Approval({ question }: { question: OrganiserQuestion }) {
  const { t } = useTranslation('organise-questions');
  const { dateTime } = useLabels();
  if (question.status !== 'approved') {
    return (
      <p className={styles.muted}>
        {t('review.draftSince', { date: dateTime(question.updatedAt) })}
      </p>
    );
  }
  return (
    <p className={styles.muted}>
      {question.approvedBy && question.approvedAt
        ? t('review.approvedBy', {
            name: question.approvedBy.name,
            date: dateTime(question.approvedAt),
          })
        : t('review.approvedByFile')}
    </p>
  );
}

/** One flag per language: complete, or missing (a missing translation stands out in red). */
export function TranslationFlags({ question }: { question: OrganiserQuestion }) {
  const { t } = useTranslation('organise-questions');
  const { languageName } = useLabels();
  return (
    <ul className={styles.flags} aria-label={t('slots.translations')}>
      {LANGUAGES.map((language) => {
        const complete = question.complete[language];
        return (
          <li key={language} className={complete ? styles.flagOk : styles.flagMissing}>
            <span aria-hidden="true">
              {language.toUpperCase()} {complete ? '✓' : '✗'}
            </span>
            <span className="visually-hidden">
              {t(complete ? 'slots.complete' : 'slots.incomplete', {
                language: languageName(language),
              })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
