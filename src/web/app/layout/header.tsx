import { useTranslation } from '../../adapters/i18n';
import { NavLink } from '../../adapters/router';
import type { Me } from '#shared/contracts/me';
import { Flag } from '../../components/flag';
import { Logo } from '../../components/logo';
import { useLogout } from '../../api/session';
import { hasLaunched } from '../../lib/player-season';
import { useSite } from '../../api/site';
import styles from './header.module.css';
import { useMenu } from './use-menu';

/**
 * Spec §2 'Shared layout': logo link home; Home, and after launch Questions and Leaderboard;
 * the account link with given name and flag, the rules link and sign-out after launch; a menu
 * button below 780 px.
 */
export function Header({ me }: { me: Me }) {
  const { t } = useTranslation();
  const { productName } = useSite();
  const menu = useMenu();
  const logout = useLogout();
  const launched = hasLaunched(me);
  const linkClass = styles.link;

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <NavLink
          to="/"
          className={styles.brand}
          aria-label={t('nav.homeLink', { product: productName })}
        >
          <Logo size={40} />
          <span aria-hidden="true">{productName}</span>
        </NavLink>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menu.open}
          aria-controls="main-navigation"
          aria-label={menu.open ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={menu.toggle}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M3 6h18M3 12h18M3 18h18"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <nav
          id="main-navigation"
          aria-label={t('nav.main')}
          className={`${styles.nav} ${menu.open ? styles.navOpen : ''}`}
        >
          <ul className={styles.links}>
            <li>
              <NavLink
                to="/"
                end
                className={linkClass}
                onClick={() => sessionStorage.setItem('home', 'true')}
              >
                {t('nav.home')}
              </NavLink>
            </li>
            {launched && (
              <>
                <li>
                  <NavLink to="/questions" className={linkClass}>
                    {t('nav.questions')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/leaderboard" className={linkClass}>
                    {t('nav.leaderboard')}
                  </NavLink>
                </li>
              </>
            )}
            {me.organiser && (
              <li>
                <NavLink to="/organise" className={linkClass}>
                  {t('nav.organise')}
                </NavLink>
              </li>
            )}
          </ul>
          {/* Spec §2 'Shared layout': before launch the header offers only Home. */}
          {launched && (
            <div className={styles.account}>
              <NavLink
                to="/account"
                className={linkClass}
                aria-label={
                  me.givenName ? t('nav.account', { name: me.givenName }) : t('nav.accountFallback')
                }
              >
                {me.team && <Flag code={me.team.flag} />}
                <span>{me.givenName ?? t('nav.accountFallback')}</span>
              </NavLink>
              <NavLink
                to="/rules"
                className={linkClass}
                aria-label={t('nav.rules')}
                title={t('nav.rules')}
              >
                <span className={styles.rulesIcon} aria-hidden="true">
                  ?
                </span>
                <span className={styles.menuOnly}>{t('nav.rules')}</span>
              </NavLink>
              <button
                type="button"
                className={linkClass}
                onClick={() => logout.mutate()}
                disabled={logout.isPending || logout.isSuccess}
              >
                {logout.isPending || logout.isSuccess ? t('nav.signingOut') : t('nav.signOut')}
              </button>
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
