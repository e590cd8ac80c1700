import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../adapters/i18n';
import type { PlayQuestion } from '#shared/contracts/play';
import styles from './play.module.css';

/**
 * One question: 'question n/total', the text, the options (in the attempt's shuffled order) as
 * a radio group, and Next, which does nothing until an option is chosen.
 */
export function QuestionForm({
  question,
  total,
  busy,
  submitLabel,
  onAnswer,
}: {
  question: PlayQuestion;
  total: number;
  busy: boolean;
  submitLabel: string;
  onAnswer: (option: string) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  // A new question takes the focus, so keyboard and screen-reader users land on it.
  useEffect(() => first.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== null && !busy) onAnswer(chosen);
  };
  return (
    <form className={styles.question} onSubmit={submit}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>
          <span className={styles.counter}>
            {t('play.questionOf', { number: question.position, total })}
          </span>
          <span className={styles.questionText}>{question.text}</span>
        </legend>
        <div className={styles.options}>
          {question.options.map((option, index) => (
            <label
              key={option.key}
              className={`${styles.option} ${chosen === option.key ? styles.chosen : ''}`}
            >
              <input
                ref={index === 0 ? first : undefined}
                type="radio"
                name={`question-${question.position}`}
                value={option.key}
                checked={chosen === option.key}
                onChange={() => setChosen(option.key)}
              />
              <span>{option.text}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="button" disabled={chosen === null || busy}>
        {busy ? t('play.saving') : submitLabel}
      </button>
    </form>
  );
}
