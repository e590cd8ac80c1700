import { useTranslation } from 'react-i18next';
import styles from './organise-screen.module.css';

/** The organiser screens' loading and load-failure states (inside the organiser frame). */

/** Shown before the screen's own texts arrive too, so its words come from the main locale. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div className={styles.state} aria-busy="true">
      <span className={styles.spinner} aria-hidden="true" />
      <p role="status">{t('app.loading')}</p>
    </div>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('organise-season');
  return (
    <div className={`${styles.state} ${styles.failed}`}>
      <p role="alert">{t('states.failed')}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t('states.retry')}
      </button>
    </div>
  );
}
