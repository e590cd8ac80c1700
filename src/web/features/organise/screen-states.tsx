import { useTranslation } from '../../adapters/i18n';
import styles from './organise-screen.module.css';

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
