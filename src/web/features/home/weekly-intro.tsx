import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../adapters/i18n';
import { useNavigate } from '../../adapters/router';
import styles from './weekly-intro.module.css';

/**
 * The weekly question intro popup: a greeting, five new questions, how points work, and
 * 'Play now'. Shown once per browser session and week.
 */
export function WeeklyIntro({ name, setNum }: { name: string; setNum: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const storageKey = `intro-seen-${setNum}`;
  const [open, setOpen] = useState(() => sessionStorage.getItem(storageKey) !== 'true');
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [open]);
  const close = () => {
    sessionStorage.setItem(storageKey, 'true');
    dialog.current?.close();
    setOpen(false);
  };
  if (!open) return null;
  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="intro-title" onClose={close}>
      <h2 id="intro-title" className={styles.title}>
        {t('intro.greeting', { name })}
      </h2>
      <p>{t('intro.questions')}</p>
      <p>{t('intro.points')}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          autoFocus
          onClick={() => {
            close();
            void navigate('/questions');
          }}
        >
          {t('intro.play')}
        </button>
        <button type="button" className="button button-secondary" onClick={close}>
          {t('intro.later')}
        </button>
      </div>
    </dialog>
  );
}
