import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from '../adapters/i18n';
import { Logo } from './logo';
import styles from './screen-message.module.css';

/**
 * True inside the signed-in layout, whose own <main> holds the page: a message shown there
 * must not add a second main landmark.
 */
export const InsideMain = createContext(false);

/** A full-screen message with the logo: loading, errors, sign-in states. */
export function ScreenMessage({
  title,
  children,
  busy = false,
}: {
  title?: string;
  children?: ReactNode;
  busy?: boolean;
}) {
  const nested = useContext(InsideMain);
  const content = (
    <>
      <Logo size={72} />
      {title && <h1 className={styles.title}>{title}</h1>}
      {busy && <div className={styles.spinner} aria-hidden="true" />}
      {children}
    </>
  );
  return nested ? (
    <div className={styles.screen} aria-busy={busy || undefined}>
      {content}
    </div>
  ) : (
    <main className={styles.screen} id="main" aria-busy={busy || undefined}>
      {content}
    </main>
  );
}

export const screenStyles = styles;

/** The spec's loading screen: the logo and 'Loading...'. */
export function LoadingScreen({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <ScreenMessage busy>
      <p className={styles.text} role="status">
        {text ?? t('app.loading')}
      </p>
    </ScreenMessage>
  );
}

/** The spec's 'Error' screen, shown when the player's details cannot be loaded. */
export function ErrorScreen({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <ScreenMessage title={t('errorScreen.title')}>
      <p className={styles.text} role="alert">
        {t('errorScreen.body')}
      </p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('errorScreen.retry')}
        </button>
      )}
    </ScreenMessage>
  );
}
