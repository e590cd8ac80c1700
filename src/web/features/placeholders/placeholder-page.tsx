import { useTranslation } from 'react-i18next';
import { usePlayer } from '../../lib/auth/use-player';
import { useSite } from '../../lib/site';
import styles from './placeholder-page.module.css';

export type PlaceholderScreen =
  'home' | 'track' | 'questions' | 'leaderboard' | 'account' | 'rules';

const titles: Record<PlaceholderScreen, string> = {
  home: 'nav.home',
  track: 'nav.home',
  questions: 'nav.questions',
  leaderboard: 'nav.leaderboard',
  account: 'nav.accountFallback',
  rules: 'rules.title',
};

/**
 * A screen that a later update builds. It says so in its own words rather than pretending to
 * work (issue 2: placeholders only for screens later issues own).
 */
export function PlaceholderPage({ screen }: { screen: PlaceholderScreen }) {
  const { t } = useTranslation();
  const { productName } = useSite();
  const me = usePlayer();
  return (
    <section className={`card ${styles.page}`} aria-labelledby="page-title">
      <h1 id="page-title" className={styles.title}>
        {t(titles[screen])}
      </h1>
      <span className={styles.badge}>{t('placeholder.comingSoon')}</span>
      <p className={styles.text}>
        {t(`placeholder.${screen}`, { product: productName, name: me.givenName ?? '' })}
      </p>
    </section>
  );
}
