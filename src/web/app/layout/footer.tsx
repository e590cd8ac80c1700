import { useTranslation } from 'react-i18next';
import { useSite } from '../../lib/site';
import styles from './footer.module.css';

/** Who built the game, internal use only, and where to get help. */
export function Footer() {
  const { t } = useTranslation();
  const { productName, contactEmail } = useSite();
  // The link by hand, not with <Trans>: Trans and its HTML parser weigh 4 KB gzipped, and the
  // footer is on every first load (ADR 0023). The translations keep the <email> markup.
  const marker = '\u0000';
  const [before = '', after = ''] = t('footer.help', { email: marker }).split(
    `<email>${marker}</email>`,
  );
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>{t('footer.builtBy', { product: productName })}</p>
        <p>{t('footer.internal')}</p>
        <p>
          {before}
          <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          {after}
        </p>
      </div>
    </footer>
  );
}
