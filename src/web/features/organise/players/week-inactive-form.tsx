import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import { useMarkWeekInactive } from './api/mark-week-inactive';
import { useActionErrorText } from './action-error';
import styles from './players.module.css';

/** The API's shortest reason. */
const MIN_REASON = 3;

/**
 * The holiday override for one week, after the normal deadline: a reason is required (it goes
 * to the audit log). The form takes the focus when it opens, and gives it back on cancel.
 */
export function WeekInactiveForm({
  playerId,
  setNum,
  onCancel,
  onDone,
}: {
  playerId: string;
  setNum: number;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('organise-players');
  const mark = useMarkWeekInactive(playerId);
  const errorText = useActionErrorText({ action: 'inactive' });
  const [reason, setReason] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (reason.trim().length < MIN_REASON) {
      setTooShort(true);
      field.current?.focus();
      return;
    }
    mark.mutate(
      { setNum, reason: reason.trim() },
      { onSuccess: onDone, onError: (failure) => setError(errorText(failure)) },
    );
  };

  return (
    <form className={styles.panel} onSubmit={submit} aria-labelledby="inactive-title" noValidate>
      <h2 id="inactive-title" className={styles.heading}>
        {t('player.inactive.title', { number: setNum })}
      </h2>
      <p className={styles.muted} id="inactive-help">
        {t('player.inactive.help')}
      </p>
      <label className={styles.field}>
        <span>{t('player.inactive.reason')}</span>
        <textarea
          ref={field}
          value={reason}
          rows={3}
          maxLength={500}
          required
          aria-invalid={tooShort || undefined}
          aria-describedby={tooShort ? 'inactive-help inactive-short' : 'inactive-help'}
          onChange={(event) => {
            setReason(event.target.value);
            if (event.target.value.trim().length >= MIN_REASON) setTooShort(false);
          }}
        />
      </label>
      {tooShort && (
        <p id="inactive-short" className={styles.error}>
          {t('player.inactive.reasonTooShort')}
        </p>
      )}
      <div className={styles.formButtons}>
        <button type="submit" className="button" disabled={mark.isPending}>
          {mark.isPending ? t('player.inactive.saving') : t('player.inactive.confirm')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('player.inactive.cancel')}
        </button>
      </div>
      <p role="alert" className={styles.error}>
        {error}
      </p>
    </form>
  );
}
