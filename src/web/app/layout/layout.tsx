import { useTranslation } from '../../adapters/i18n';
import { Outlet } from '../../adapters/router';
import type { Me } from '#shared/contracts/me';
import { InsideMain } from '../../components/screen-message';
import { hasLaunched } from '../../lib/player-season';
import { Footer } from './footer';
import { Header } from './header';
import styles from './layout.module.css';
import { Ticker } from './ticker';

/** The signed-in frame of every page: header, the standings ticker after launch, the page, footer. */
export function Layout({ me }: { me: Me }) {
  const { t } = useTranslation();
  return (
    <>
      <a className={styles.skip} href="#main">
        {t('app.skipToContent')}
      </a>
      <Header me={me} />
      {hasLaunched(me) && <Ticker />}
      <main id="main" className={styles.main} tabIndex={-1}>
        <InsideMain value={true}>
          <Outlet context={me} />
        </InsideMain>
      </main>
      <Footer />
    </>
  );
}
