import { useId, useState } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import type { WeekQuestions } from '#shared/contracts/organise-questions';
import type { WeekTranslations } from '#shared/contracts/organise-translations';
import type { QuestionSlot } from '#shared/domain/question-review';
import { TARGET_LANGUAGES, type TargetLanguage } from '#shared/domain/translation-status';
import { LoadFailed } from '../../../components/load-failed';
import { useErrorText } from '../../../lib/use-error-message';
import type { SeasonId } from './api/season';
import { useReviewTranslations, useWeekTranslations, xliffUrl } from './api/translations';
import { useLabels } from './labels';
import { TranslationReadiness } from './translation-readiness';
import styles from './translations.module.css';
import { XliffImport } from './xliff-import';

/**
 * Translations per language (ADR 0040): what each language's players would meet, each
 * question's status in the chosen language, marking translations reviewed, and the XLIFF file
 * a translator fills in and sends back.
 */
export function TranslationsPanel({ week, season }: { week: WeekQuestions; season: SeasonId }) {
  const { t } = useTranslation('organise-questions');
  const translations = useWeekTranslations(week.setNum, season);
  const pickerId = useId();
  const [chosen, setChosen] = useState<TargetLanguage | null>(null);
  const { languageName } = useLabels();
  // The language with the most players, until the organiser picks one.
  const language = chosen ?? translations.data?.languages[0]?.language ?? TARGET_LANGUAGES[0];

  return (
    <section aria-labelledby="translations-title" className={styles.panel}>
      <h3 id="translations-title">{t('translations.title')}</h3>
      <p className={styles.muted}>{t('translations.intro')}</p>
      {translations.isPending ? (
        <p role="status">{t('translations.loading')}</p>
      ) : translations.isError ? (
        <LoadFailed error={translations.error} onRetry={() => void translations.refetch()} />
      ) : translations.data.questions.length === 0 ? (
        // Nothing to translate, export or import: not 'everything is translated' either.
        <p className={styles.muted}>{t('translations.none')}</p>
      ) : (
        <>
          <TranslationReadiness view={translations.data} />
          <div className={styles.field}>
            <label htmlFor={pickerId}>{t('translations.language')}</label>
            <select
              id={pickerId}
              value={language}
              onChange={(event) => setChosen(event.target.value as TargetLanguage)}
            >
              {TARGET_LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {languageName(code)}
                </option>
              ))}
            </select>
          </div>
          <LanguageStatus
            key={`${week.setNum}-${language}`}
            view={translations.data}
            language={language}
            season={season}
          />
          <div className={styles.actions}>
            <a
              className="button button-secondary"
              href={xliffUrl(week.setNum, language, season)}
              download
            >
              {t('translations.export', { language: languageName(language) })}
            </a>
          </div>
          {week.locked ? (
            <p className={styles.muted}>{t('transfer.locked')}</p>
          ) : (
            <XliffImport
              key={`import-${week.setNum}-${language}`}
              setNum={week.setNum}
              language={language}
              season={season}
            />
          )}
        </>
      )}
    </section>
  );
}

/** Each question's status in one language; the reviewable ones can be marked reviewed. */
function LanguageStatus({
  view,
  language,
  season,
}: {
  view: WeekTranslations;
  language: TargetLanguage;
  season: SeasonId;
}) {
  const { t } = useTranslation('organise-questions');
  const { slotName, languageName } = useLabels();
  const errorText = useErrorText();
  const review = useReviewTranslations(view.setNum, language, season);
  const [picked, setPicked] = useState<Set<QuestionSlot>>(new Set());
  const [done, setDone] = useState(false);
  const reviewable = view.questions.filter(
    (entry) => entry.status[language] === 'translated' || entry.status[language] === 'stale',
  );
  const toggle = (slot: QuestionSlot) => {
    setDone(false);
    const next = new Set(picked);
    if (next.has(slot)) next.delete(slot);
    else next.add(slot);
    setPicked(next);
  };
  const submit = () =>
    review.mutate([...picked], {
      onSuccess: () => {
        setPicked(new Set());
        setDone(true);
      },
    });

  return (
    <fieldset className={styles.statusList}>
      <legend>{t('translations.statusTitle', { language: languageName(language) })}</legend>
      <ul>
        {view.questions.map((entry) => {
          const status = entry.status[language];
          const canReview = status === 'translated' || status === 'stale';
          const label = `${slotName(entry.slot)}: ${t(`translations.status.${status}`)}`;
          return (
            <li key={entry.slot} className={styles[`status-${status}`]}>
              {canReview && !view.locked ? (
                <label>
                  <input
                    type="checkbox"
                    checked={picked.has(entry.slot as QuestionSlot)}
                    onChange={() => toggle(entry.slot as QuestionSlot)}
                  />{' '}
                  {label}
                </label>
              ) : (
                <span>{label}</span>
              )}
            </li>
          );
        })}
      </ul>
      {reviewable.length > 0 && !view.locked && (
        <div className={styles.actions}>
          <button
            type="button"
            className="button"
            disabled={picked.size === 0 || review.isPending}
            onClick={submit}
          >
            {t('translations.markReviewed')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              setPicked(new Set(reviewable.map((entry) => entry.slot as QuestionSlot)))
            }
          >
            {t('translations.pickAll')}
          </button>
        </div>
      )}
      <p role="status" className={styles.muted}>
        {review.isPending ? t('translations.saving') : done ? t('translations.reviewed') : ''}
      </p>
      {review.isError && (
        <p role="alert" className={styles.bad}>
          {errorText(review.error)}
        </p>
      )}
    </fieldset>
  );
}
