import { Trans, useTranslation } from '../../adapters/i18n';
import { useSite } from '../../api/site';
import styles from './footer.module.css';

/** Who built the game, internal use only, and where to get help. */
export function Footer() {
  const { t } = useTranslation();
  const { productName, contactEmail } = useSite();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>{t('footer.builtBy', { product: productName })}</p>
        <p>{t('footer.internal')}</p>
        <p>
          <Trans
            t={t}
            i18nKey="footer.help"
            values={{ email: contactEmail }}
            components={{ email: <a href={`mailto:${contactEmail}`} /> }}
          />
        </p>
      </div>
    </footer>
  );
}
