import { useTranslation } from '../../adapters/i18n';
import { Logo } from '../../components/logo';
import { startSignIn } from '../../api/session';
import { useSite } from '../../api/site';
import styles from './login-screen.module.css';

/** Spec §2 'Login and loading': the logo and one button that starts the redirect sign-in. */
export function LoginScreen() {
  const { t } = useTranslation();
  const { productName } = useSite();
  return (
    <main id="main" className={styles.screen}>
      <div className={styles.panel}>
        <Logo size={96} />
        <h1 className={styles.title}>{productName}</h1>
        <p className={styles.tagline}>{t('login.tagline')}</p>
        <button type="button" className="button" onClick={() => startSignIn()}>
          {t('login.button')}
        </button>
      </div>
    </main>
  );
}
