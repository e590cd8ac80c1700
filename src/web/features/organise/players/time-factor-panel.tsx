import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import type { PlayerDetail } from '#shared/contracts/organise-players';
import { allowanceSeconds, TIME_FACTOR_CHOICES, timePercent } from '#shared/domain/time-factor';
import { formatInstant } from '../dates';
import { useErrorText } from '../../../lib/use-error-message';
import { useTimeLimitLabel } from '../../../lib/use-time-limit-label';
import { useTimeDecision } from './api/time-factor';
import styles from './players.module.css';
import { FormMessage, type FormMessageText } from './form-message';

/** The organiser's own zone: when a player asked, as the organiser's clock said. */
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The player's time accommodation (ADR 0037): their factor of the five minutes and their open
 * request with its note; one click grants 1.5×, 2× or 3×, any factor from 1 to 10 can be set,
 * removed, or the request declined. Buttons are disabled while a decision is on its way.
 */
export function TimeFactorPanel({ detail }: { detail: PlayerDetail }) {
  const { t, i18n } = useTranslation('organise-players');
  const { player, timeRequest } = detail;
  const decide = useTimeDecision(player.id);
  const errorText = useErrorText();
  const label = useTimeLimitLabel();
  const [factor, setFactor] = useState(String(player.timeFactor));
  const [message, setMessage] = useState<FormMessageText | null>(null);
  const open = timeRequest?.status === 'open';
  const number = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value);

  const send = (decision: { timeFactor: number } | 'decline') => {
    setMessage(null);
    decide.mutate(decision, {
      onSuccess: (updated) => {
        setFactor(String(updated.player.timeFactor));
        setMessage({
          text:
            decision === 'decline'
              ? t('player.time.declinedDone', { name: player.name })
              : t('player.time.done', {
                  name: player.name,
                  limit: label(allowanceSeconds(timePercent(updated.player.timeFactor))),
                }),
          error: false,
        });
      },
      onError: (failure) => setMessage({ text: errorText(failure), error: true }),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(factor.replace(',', '.'));
    if (!Number.isFinite(value) || value < 1 || value > 10) {
      setMessage({ text: t('player.time.outOfRange'), error: true });
      return;
    }
    send({ timeFactor: Math.round(value * 100) / 100 });
  };

  return (
    <section className={styles.panel} aria-labelledby="time-title">
      <h2 id="time-title" className={styles.heading}>
        {t('player.time.title')}
      </h2>
      <p>
        {t('player.time.current', {
          limit: label(allowanceSeconds(timePercent(player.timeFactor))),
          factor: number(player.timeFactor),
        })}
      </p>
      {open && (
        <div className={styles.request}>
          <p>
            <strong>
              {t('player.time.requested', {
                date: formatInstant(timeRequest.requestedAt, i18n.language, deviceZone()),
              })}
            </strong>
          </p>
          {timeRequest.note && <blockquote className={styles.note}>{timeRequest.note}</blockquote>}
        </div>
      )}
      {timeRequest?.status === 'declined' && (
        <p className={styles.muted}>
          {t('player.time.declined', {
            date: formatInstant(timeRequest.decidedAt!, i18n.language, deviceZone()),
          })}
        </p>
      )}
      <p className={styles.muted}>{t('player.time.help')}</p>
      <div className={styles.choiceButtons} role="group" aria-label={t('player.time.quick')}>
        {TIME_FACTOR_CHOICES.map((choice) => (
          <button
            key={choice}
            type="button"
            className="button"
            disabled={decide.isPending}
            aria-pressed={player.timeFactor === choice}
            onClick={() => send({ timeFactor: choice })}
          >
            {t('player.time.give', { factor: number(choice) })}
          </button>
        ))}
      </div>
      <form className={styles.factorForm} onSubmit={submit}>
        <label className={styles.field}>
          <span>{t('player.time.factorLabel')}</span>
          <input
            type="number"
            inputMode="decimal"
            min={1}
            max={10}
            step={0.05}
            value={factor}
            onChange={(event) => setFactor(event.target.value)}
          />
        </label>
        <button type="submit" className="button" disabled={decide.isPending}>
          {t('player.time.set')}
        </button>
      </form>
      <div className={styles.formButtons}>
        {player.timeFactor > 1 && (
          <button
            type="button"
            className="button button-secondary"
            disabled={decide.isPending}
            onClick={() => send({ timeFactor: 1 })}
          >
            {t('player.time.remove')}
          </button>
        )}
        {open && (
          <button
            type="button"
            className="button button-secondary"
            disabled={decide.isPending}
            onClick={() => send('decline')}
          >
            {t('player.time.decline')}
          </button>
        )}
      </div>
      <FormMessage message={message} />
    </section>
  );
}
