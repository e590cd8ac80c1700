import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../adapters/i18n';
import type { Attempt } from '#shared/contracts/play';
import { CHALLENGER_BONUS } from '#shared/domain/scoring';
import { pointsCount } from '../../lib/format';
import { useTimeLimitLabel } from '../../lib/use-time-limit-label';
import { CalmTimer } from './calm-timer';
import { QuestionForm } from './question-form';
import styles from './play.module.css';
import { useServerCountdown } from './use-server-countdown';

/** The pop-up inviting the player to the optional challenger once the main set is done. */
export function ChallengerInvitation({ onAccept }: { onAccept: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [open]);
  if (!open) return null;
  const close = () => {
    dialog.current?.close();
    setOpen(false);
  };
  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="invite-title" onClose={close}>
      <h2 id="invite-title">{t('challenger.inviteTitle')}</h2>
      <p>{t('challenger.invite')}</p>
      <div className={styles.dialogActions}>
        <button
          type="button"
          className="button"
          autoFocus
          onClick={() => {
            close();
            onAccept();
          }}
        >
          {t('challenger.toChallenge')}
        </button>
        <button type="button" className="button button-secondary" onClick={close}>
          {t('challenger.notNow')}
        </button>
      </div>
    </dialog>
  );
}

/** Intro with the 50% warning and the start button; `limitSeconds`: the player's own time. */
export function ChallengerIntro({
  busy,
  limitSeconds,
  onStart,
}: {
  busy: boolean;
  limitSeconds: number;
  onStart: () => void;
}) {
  const { t, i18n } = useTranslation();
  const limitLabel = useTimeLimitLabel();
  return (
    <section className={styles.challenger} aria-labelledby="challenger-title">
      <h2 id="challenger-title">{t('challenger.title')}</h2>
      <p>
        {t('challenger.explain', {
          ...pointsCount(CHALLENGER_BONUS, i18n.language),
          limit: limitLabel(limitSeconds),
        })}
      </p>
      <p className={styles.warning}>{t('challenger.warning')}</p>
      <button type="button" className="button" disabled={busy} onClick={onStart}>
        {t('challenger.start')}
      </button>
    </section>
  );
}

/** The single challenger question with its own countdown (the player's time, as the set's). */
export function ChallengerQuestion({
  attempt,
  busy,
  onAnswer,
  onTimeUp,
}: {
  attempt: Attempt;
  busy: boolean;
  onAnswer: (option: string) => void;
  onTimeUp: () => void;
}) {
  const { t } = useTranslation();
  const challenger = attempt.challenger!;
  const remaining = useServerCountdown(challenger.deadlineAt, attempt.serverNow, onTimeUp);
  return (
    <section className={styles.challenger} aria-labelledby="challenger-title">
      <h2 id="challenger-title">{t('challenger.title')}</h2>
      <CalmTimer remainingMs={remaining} limitMs={attempt.timeLimitSeconds * 1000} />
      <QuestionForm
        question={challenger.question!}
        total={1}
        busy={busy}
        submitLabel={t('challenger.submit')}
        onAnswer={onAnswer}
      />
    </section>
  );
}
