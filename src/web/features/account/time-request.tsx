import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../adapters/i18n';
import { formatMoment } from '../../lib/moment';
import { usePlayer } from '../../lib/use-player';
import { useErrorText, useTransientMessage } from '../../lib/use-error-message';
import { useTimeLimitLabel } from '../../lib/use-time-limit-label';
import { useMyTime, useRequestTime } from './api/time';
import styles from './account.module.css';

/**
 * More time to answer (ADR 0037): the player's own time per set, and a short private request to
 * the organisers with an optional note. The button is disabled while sending, and the server
 * keeps one open request per player, so a double click sends one.
 */
export function TimeRequest() {
  const { t, i18n } = useTranslation();
  const me = usePlayer();
  const time = useMyTime();
  const ask = useRequestTime();
  const label = useTimeLimitLabel();
  const errorText = useErrorText();
  const [note, setNote] = useState('');
  const [error, setError] = useTransientMessage();
  const [sent, setSent] = useTransientMessage();
  const data = time.data;
  const moment = (iso: string) => formatMoment(iso, i18n.language, me.timeZone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(note.trim() ? { note: note.trim() } : {}, {
      onSuccess: () => {
        setNote('');
        setSent('time.sent');
      },
      onError: (failure) => setError(errorText(failure)),
    });
  };

  return (
    <section className={styles.section} aria-labelledby="time-title">
      <h2 id="time-title" className={styles.heading}>
        {t('time.title')}
      </h2>
      {!data ? (
        time.isError ? (
          <p role="alert">{t('errors.generic')}</p>
        ) : (
          <p role="status">{t('app.loading')}</p>
        )
      ) : (
        <>
          <p className={styles.note}>
            {data.timeFactor > 1
              ? t('time.granted', { limit: label(data.timeLimitSeconds) })
              : t('time.help', { limit: label(data.timeLimitSeconds) })}
          </p>
          {data.request?.status === 'open' ? (
            <p className={styles.pending}>
              {t('time.pending', { date: moment(data.request.requestedAt) })}
            </p>
          ) : (
            <form onSubmit={submit} className={styles.timeForm}>
              {data.request?.status === 'declined' && (
                <p className={styles.note}>
                  {t('time.declined', { date: moment(data.request.decidedAt!) })}
                </p>
              )}
              <label className={styles.textField}>
                <span>{t('time.noteLabel')}</span>
                <textarea
                  value={note}
                  maxLength={500}
                  rows={3}
                  aria-describedby="time-private"
                  onChange={(event) => setNote(event.target.value)}
                />
              </label>
              <p id="time-private" className={styles.note}>
                {t('time.private')}
              </p>
              <div className={styles.actions}>
                <button type="submit" className="button" disabled={ask.isPending}>
                  {ask.isPending ? t('time.asking') : t('time.ask')}
                </button>
              </div>
            </form>
          )}
          <p role="status" className={styles.saved}>
            {sent && t(sent)}
          </p>
          <p role="alert" className={styles.error}>
            {error}
          </p>
        </>
      )}
    </section>
  );
}
