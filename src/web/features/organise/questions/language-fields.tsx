import { useTranslation } from '../../../adapters/i18n';
import type { Language } from '#shared/domain/language';
import { useLabels } from './labels';
import { optionKeysOf, type LanguageTexts, type Missing } from './question-form';
import styles from './questions.module.css';

/** One language's question and options, with what is still missing in it. */
export function LanguageFields({
  language,
  texts,
  optionCount,
  missing,
  onChange,
}: {
  language: Language;
  texts: LanguageTexts;
  optionCount: number;
  missing: Missing;
  onChange: (texts: LanguageTexts) => void;
}) {
  const { t } = useTranslation('organise-questions');
  const { languageName } = useLabels();
  const id = `lang-${language}`;
  const hint = missing.length === 0 ? 'complete' : language === 'en' ? 'required' : 'missing';
  const missingNames = missing.map((field) =>
    field === 'text' ? t('editor.text') : t('editor.option', { key: field.toUpperCase() }),
  );
  return (
    <fieldset className={styles.language} aria-describedby={`${id}-hint`}>
      <legend>
        {languageName(language)} <span className={styles.code}>({language.toUpperCase()})</span>
      </legend>
      <p id={`${id}-hint`} className={hint === 'complete' ? styles.ok : styles.bad}>
        {hint === 'complete'
          ? `✓ ${t('editor.languageComplete')}`
          : `✗ ${t(hint === 'required' ? 'editor.languageRequired' : 'editor.languageMissing', {
              fields: missingNames.join(', '),
            })}`}
      </p>
      <label htmlFor={`${id}-text`}>{t('editor.text')}</label>
      <textarea
        id={`${id}-text`}
        lang={language}
        rows={4}
        maxLength={400}
        value={texts.text}
        onChange={(event) => onChange({ ...texts, text: event.target.value })}
      />
      {optionKeysOf(optionCount).map((key) => (
        <div key={key} className={styles.option}>
          <label htmlFor={`${id}-${key}`}>{t('editor.option', { key: key.toUpperCase() })}</label>
          <input
            id={`${id}-${key}`}
            lang={language}
            maxLength={200}
            value={texts.options[key] ?? ''}
            onChange={(event) =>
              onChange({ ...texts, options: { ...texts.options, [key]: event.target.value } })
            }
          />
        </div>
      ))}
      <label htmlFor={`${id}-explanation`}>{t('editor.explanation')}</label>
      <textarea
        id={`${id}-explanation`}
        lang={language}
        rows={4}
        maxLength={1000}
        aria-describedby={`${id}-explanation-hint`}
        value={texts.explanation}
        onChange={(event) => onChange({ ...texts, explanation: event.target.value })}
      />
      <p id={`${id}-explanation-hint`} className={styles.muted}>
        {t('editor.explanationHint')}
      </p>
    </fieldset>
  );
}
