import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../adapters/i18n';
import type { KeyCorrectionInput, KeyCorrectionResult } from '#shared/contracts/key-correction';
import type { OrganiserQuestion } from '#shared/contracts/organise-questions';
import type { QuestionSlot } from '#shared/domain/question-review';
import { useErrorText } from '../../../lib/use-error-message';
import { scoreText } from '../figures';
import { useCorrectKey } from './api/correct-key';
import styles from './key-correction.module.css';

type Action = KeyCorrectionInput['action'];

/**
 * "Correct the key" on a played week's question (ADR 0041): accept another option or void the
 * question, with a reason; a preview (the server's dry run) lists whose totals and which teams'
 * week scores change, and only then the organiser confirms.
 */
export function KeyCorrection({
  setNum,
  slot,
  question,
}: {
  setNum: number;
  slot: QuestionSlot;
  question: OrganiserQuestion;
}) {
  const { t, i18n } = useTranslation('organise-correction');
  const errorText = useErrorText();
  const id = useId();
  const correct = useCorrectKey(setNum, slot);
  const accepted = [question.correct, ...question.accepted];
  const candidates = question.optionKeys.filter((key) => !accepted.includes(key));
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState<Action>(candidates.length > 0 ? 'accept-option' : 'void');
  const [option, setOption] = useState(candidates[0] ?? '');
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<KeyCorrectionResult | null>(null);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const impactHeading = useRef<HTMLHeadingElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  const input = (dryRun: boolean): KeyCorrectionInput =>
    action === 'void'
      ? { action, reason, dryRun }
      : { action: 'accept-option', option, reason, dryRun };
  const fail = (error: unknown) => setMessage({ kind: 'error', text: errorText(error) });
  const close = () => {
    setOpen(false);
    setPreview(null);
    setReason('');
    returnFocus.current = true;
  };

  // Focus moves once the render has put its target on the screen: to the impact when it comes,
  // back to the button that opened the panel when it closes.
  useEffect(() => {
    if (preview) impactHeading.current?.focus();
  }, [preview]);
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    openButton.current?.focus();
  }, [open]);

  const showPreview = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (reason.trim().length < 3) return setMessage({ kind: 'error', text: t('reasonMissing') });
    correct.mutate(input(true), {
      onSuccess: setPreview,
      onError: fail,
    });
  };
  const confirm = () => {
    setMessage(null);
    correct.mutate(input(false), {
      onSuccess: () => {
        setMessage({ kind: 'ok', text: t('done') });
        close();
      },
      onError: fail,
    });
  };
  const points = (hundredths: number) => scoreText(hundredths, i18n.language);
  const change = (before: number, after: number) =>
    t('change', { before: points(before), after: points(after) });

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>
        {t('title')}
      </h3>
      {question.voided ? (
        <p className={styles.key}>{t('voided')}</p>
      ) : (
        <p className={styles.key}>
          {t('current', { option: question.correct.toUpperCase() })}
          {question.accepted.length > 0 &&
            ` ${t('accepted', {
              count: question.accepted.length,
              options: question.accepted.map((key) => key.toUpperCase()).join(', '),
            })}`}
        </p>
      )}
      {!question.voided && !open && (
        <button
          ref={openButton}
          type="button"
          className="button button-secondary"
          onClick={() => {
            setOpen(true);
            setMessage(null);
            setAction(candidates.length > 0 ? 'accept-option' : 'void');
            setOption(candidates[0] ?? '');
          }}
        >
          {t('open')}
        </button>
      )}
      {open && (
        <form className={styles.form} onSubmit={showPreview} noValidate>
          <p className={styles.intro}>{t('intro')}</p>
          <fieldset className={styles.choices} disabled={correct.isPending || preview !== null}>
            <legend>{t('legend')}</legend>
            <label>
              <input
                type="radio"
                name={`${id}-action`}
                value="accept-option"
                checked={action === 'accept-option'}
                disabled={candidates.length === 0}
                onChange={() => setAction('accept-option')}
              />
              {t('accept')}
            </label>
            {action === 'accept-option' && candidates.length > 0 && (
              <div className={styles.field}>
                <label htmlFor={`${id}-option`}>{t('option')}</label>
                <select
                  id={`${id}-option`}
                  value={option}
                  onChange={(event) => setOption(event.target.value)}
                >
                  {candidates.map((key) => (
                    <option key={key} value={key}>
                      {key.toUpperCase()}: {question.translations.en?.options[key] ?? ''}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <label>
              <input
                type="radio"
                name={`${id}-action`}
                value="void"
                checked={action === 'void'}
                onChange={() => setAction('void')}
              />
              {t('void')}
            </label>
            <div className={styles.field}>
              <label htmlFor={`${id}-reason`}>{t('reason')}</label>
              <textarea
                id={`${id}-reason`}
                rows={2}
                maxLength={500}
                required
                aria-describedby={`${id}-reason-hint`}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
              <span id={`${id}-reason-hint`} className={styles.hint}>
                {t('reasonHint')}
              </span>
            </div>
          </fieldset>
          {preview === null ? (
            <div className={styles.actions}>
              <button type="submit" className="button" disabled={correct.isPending}>
                {correct.isPending ? t('previewing') : t('preview')}
              </button>
              <button type="button" className="button button-secondary" onClick={close}>
                {t('cancel')}
              </button>
            </div>
          ) : (
            <div className={styles.impact}>
              <h4 ref={impactHeading} tabIndex={-1} className={styles.impactTitle}>
                {t('impactTitle')}
              </h4>
              <p>{t('attempts', { count: preview.attemptsChanged })}</p>
              {preview.players.length === 0 ? (
                <p>{t('noChange')}</p>
              ) : (
                <>
                  <h5 className={styles.listTitle}>{t('playersTitle')}</h5>
                  <ul className={styles.list}>
                    {preview.players.map((player) => (
                      <li key={player.playerId}>
                        <span className={styles.name}>{player.name}</span>{' '}
                        {change(player.total.before, player.total.after)}
                      </li>
                    ))}
                  </ul>
                  <h5 className={styles.listTitle}>{t('teamsTitle')}</h5>
                  <ul className={styles.list}>
                    {preview.teams.map((team) => (
                      <li key={team.teamId}>
                        <span className={styles.name}>{team.name}</span>{' '}
                        {change(team.scoreSum.before, team.scoreSum.after)}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <div className={styles.actions}>
                <button
                  type="button"
                  className="button"
                  disabled={correct.isPending}
                  onClick={confirm}
                >
                  {correct.isPending ? t('confirming') : t('confirm')}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={correct.isPending}
                  onClick={() => setPreview(null)}
                >
                  {t('back')}
                </button>
              </div>
            </div>
          )}
        </form>
      )}
      <p role="status" className={styles.ok}>
        {message?.kind === 'ok' ? message.text : ''}
      </p>
      <p role="alert" className={styles.error}>
        {message?.kind === 'error' ? message.text : ''}
      </p>
    </section>
  );
}
