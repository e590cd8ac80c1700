import { useTranslation } from '../../adapters/i18n';
import styles from './account.module.css';

/**
 * "My data": a plain download link to GET /api/me/export, which answers one JSON file with
 * everything Podium holds about the player (docs/privacy.md). A link, not a fetch: the browser
 * saves the file itself, and the session cookie goes with it.
 */
export function MyData() {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="my-data-title">
      <h2 id="my-data-title" className={styles.heading}>
        {t('account.myData.title')}
      </h2>
      <p className={styles.note} id="my-data-help">
        {t('account.myData.help')}
      </p>
      <p>
        <a
          className="button button-secondary"
          href="/api/me/export"
          download
          aria-describedby="my-data-help"
        >
          {t('account.myData.download')}
        </a>
      </p>
    </section>
  );
}
