import { useTranslation } from 'react-i18next';
import { useSite } from '../../lib/site';
import styles from './placeholder-page.module.css';

export type PlaceholderScreen = 'track' | 'leaderboard';

const titles: Record<PlaceholderScreen, string> = {
  track: 'nav.home',
  leaderboard: 'nav.leaderboard',
};

/**
 * A screen that a later update builds. It says so in its own words rather than pretending to
 * work (issue 2: placeholders only for screens later issues own).
 */
export function PlaceholderPage({ screen }: { screen: PlaceholderScreen }) {
  const { t } = useTranslation();
  const { productName } = useSite();
  return (
    <section className={`card ${styles.page}`} aria-labelledby="page-title">
      <h1 id="page-title" className={styles.title}>
        {t(titles[screen])}
      </h1>
      <span className={styles.badge}>{t('placeholder.comingSoon')}</span>
      <p className={styles.text}>{t(`placeholder.${screen}`, { product: productName })}</p>
    </section>
  );
}
