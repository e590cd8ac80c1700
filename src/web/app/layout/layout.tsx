import { useRef } from 'react';
import { useTranslation } from '../../adapters/i18n';
import { Outlet } from '../../adapters/router';
import { useSite } from '../../api/site';
import type { Me } from '#shared/contracts/me';
import { InsideMain } from '../../components/screen-message';
import { hasLaunched } from '../../lib/player-season';
import { Footer } from './footer';
import { Header } from './header';
import styles from './layout.module.css';
import { Ticker } from './ticker';
import { useDocumentTitle } from './use-document-title';

/** The signed-in frame of every page: header, the standings ticker after launch, the page, footer. */
export function Layout({ me }: { me: Me }) {
  const { t } = useTranslation();
  const main = useRef<HTMLElement>(null);
  useDocumentTitle(main, useSite().productName);
  return (
    <>
      <a className={styles.skip} href="#main">
        {t('app.skipToContent')}
      </a>
      <Header me={me} />
      {hasLaunched(me) && <Ticker />}
      <main ref={main} id="main" className={styles.main} tabIndex={-1}>
        <InsideMain value={true}>
          <Outlet context={me} />
        </InsideMain>
      </main>
      <Footer />
    </>
  );
}
