import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import { Link } from '../../../adapters/router';
import type { WeekQuestions } from '#shared/contracts/organise-questions';
import type { QuestionCategory } from '#shared/contracts/season';
import { LANGUAGES } from '#shared/domain/language';
import type { QuestionSlot, ReviewStatus } from '#shared/domain/question-review';
import { useErrorText } from '../../../lib/use-error-message';
import { useReviewQuestion } from './api/review-question';
import { useSaveQuestion } from './api/save-question';
import { questionsSearch, type SeasonId } from './api/season';
import { CATEGORIES, useLabels } from './labels';
import { LanguageFields } from './language-fields';
import {
  canSave,
  emptyForm,
  formFromQuestion,
  isChanged,
  MAX_OPTIONS,
  MIN_OPTIONS,
  missingFields,
  optionKeysOf,
  toQuestionInput,
  withOptionCount,
} from './question-form';
import styles from './questions.module.css';
import { KeyCorrection } from './key-correction';
import { Approval, ReviewBadge } from './slot-list';

type Message = { kind: 'ok' | 'error'; text: string } | null;

/** Writing one question: its settings, the seven languages side by side, save and review. */
export function QuestionEditor({
  week,
  slot,
  season,
}: {
  week: WeekQuestions;
  slot: QuestionSlot;
  season: SeasonId;
}) {
  const { t } = useTranslation('organise-questions');
  const { slotName, languageList } = useLabels();
  const errorText = useErrorText();
  const stored = week.slots.find((entry) => entry.slot === slot)?.question ?? null;
  // A new question takes the week's topic (the weeks have one each).
  const weekCategory = week.slots.find((entry) => entry.question)?.question?.category;
  const [form, setForm] = useState(() =>
    stored ? formFromQuestion(stored) : emptyForm(weekCategory),
  );
  const [message, setMessage] = useState<Message>(null);
  const save = useSaveQuestion(week.setNum, slot, season);
  const review = useReviewQuestion(week.setNum, slot, season);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const missing = missingFields(form);
  const changed = isChanged(form, stored);
  const busy = save.isPending || review.isPending;
  const incomplete = stored ? LANGUAGES.filter((language) => !stored.complete[language]) : [];
  const fail = (error: unknown) => setMessage({ kind: 'error', text: errorText(error) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave(form)) return setMessage({ kind: 'error', text: t('editor.englishFirst') });
    setMessage(null);
    save.mutate(toQuestionInput(form), {
      onSuccess: (updated) => {
        const saved = updated.slots.find((entry) => entry.slot === slot)?.question;
        if (saved) setForm(formFromQuestion(saved));
        setMessage({ kind: 'ok', text: t('editor.saved') });
      },
      onError: fail,
    });
  };

  const setStatus = (status: ReviewStatus) => {
    setMessage(null);
    review.mutate(status, {
      onSuccess: () =>
        setMessage({
          kind: 'ok',
          text: t(status === 'approved' ? 'editor.approved' : 'editor.drafted'),
        }),
      onError: fail,
    });
  };

  return (
    <section className={styles.editor} aria-labelledby="editor-title">
      <Link to={questionsSearch(week.setNum, season)}>
        ← {t('editor.back', { number: week.setNum })}
      </Link>
      <div className={styles.slotHead}>
        <h2 id="editor-title" ref={heading} tabIndex={-1}>
          {t('editor.title', { number: week.setNum, slot: slotName(slot) })}
        </h2>
        {stored && <ReviewBadge question={stored} />}
      </div>
      {stored && <Approval question={stored} />}
      {week.locked && (
        <p className={styles.notice} role="note">
          {t('editor.locked')}
        </p>
      )}
      {week.locked && stored && (
        <KeyCorrection setNum={week.setNum} slot={slot} question={stored} />
      )}
      <form onSubmit={submit} className={styles.form} noValidate>
        <fieldset disabled={week.locked} className={styles.plain}>
          <div className={styles.settings}>
            <div className={styles.field}>
              <label htmlFor="category">{t('editor.category')}</label>
              <select
                id="category"
                value={form.category}
                onChange={(event) =>
                  setForm({ ...form, category: event.target.value as QuestionCategory })
                }
              >
                {CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {t(`category.${category}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.field}>
              <label htmlFor="option-count">{t('editor.optionCount')}</label>
              <select
                id="option-count"
                value={form.optionCount}
                onChange={(event) => setForm(withOptionCount(form, Number(event.target.value)))}
              >
                {Array.from(
                  { length: MAX_OPTIONS - MIN_OPTIONS + 1 },
                  (_, i) => i + MIN_OPTIONS,
                ).map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </select>
            </div>
            <div className={`${styles.field} ${styles.wide}`}>
              <label htmlFor="source">{t('editor.source')}</label>
              <input
                id="source"
                maxLength={300}
                value={form.source}
                onChange={(event) => setForm({ ...form, source: event.target.value })}
              />
            </div>
          </div>
          <fieldset className={styles.correct}>
            <legend>{t('editor.correct')}</legend>
            {optionKeysOf(form.optionCount).map((key) => (
              <label key={key}>
                <input
                  type="radio"
                  name="correct"
                  value={key}
                  checked={form.correct === key}
                  onChange={() => setForm({ ...form, correct: key })}
                />
                <span>
                  {key.toUpperCase()}
                  {form.translations.en.options[key]?.trim()
                    ? ` – ${form.translations.en.options[key]}`
                    : ''}
                </span>
              </label>
            ))}
          </fieldset>
          <div className={styles.languages}>
            {LANGUAGES.map((language) => (
              <LanguageFields
                key={language}
                language={language}
                texts={form.translations[language]}
                optionCount={form.optionCount}
                missing={missing[language]}
                onChange={(texts) =>
                  setForm({ ...form, translations: { ...form.translations, [language]: texts } })
                }
              />
            ))}
          </div>
        </fieldset>
        {!week.locked && (
          <div className={styles.actions}>
            <button type="submit" className="button" disabled={busy || !changed}>
              {save.isPending ? t('editor.saving') : t('editor.save')}
            </button>
            <span className={styles.muted}>
              {changed ? t('editor.unsaved') : t('editor.saveHint')}
            </span>
          </div>
        )}
      </form>
      {!week.locked && (
        <div className={styles.actions}>
          {!stored ? (
            <p className={styles.muted}>{t('editor.saveFirst')}</p>
          ) : stored.status === 'draft' ? (
            <>
              <button
                type="button"
                className="button"
                disabled={busy || changed}
                aria-describedby="review-hint"
                onClick={() => setStatus('approved')}
              >
                {t('editor.approve')}
              </button>
              <span
                id="review-hint"
                className={changed || incomplete.length ? styles.bad : styles.muted}
              >
                {changed
                  ? t('editor.saveBeforeApproving')
                  : incomplete.length
                    ? t('editor.approveIncomplete', { languages: languageList(incomplete) })
                    : t('editor.approveHint')}
              </span>
            </>
          ) : (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => setStatus('draft')}
            >
              {t('editor.toDraft')}
            </button>
          )}
        </div>
      )}
      <p role="status" className={styles.saved}>
        {message?.kind === 'ok' ? message.text : ''}
      </p>
      <p role="alert" className={styles.error}>
        {message?.kind === 'error' ? message.text : ''}
      </p>
    </section>
  );
}
