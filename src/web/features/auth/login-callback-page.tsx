import { useEffect } from 'react';
import { useTranslation } from '../../adapters/i18n';
import { useNavigate, useSearchParams } from '../../adapters/router';
import { LoadingScreen, ScreenMessage, screenStyles } from '../../components/screen-message';

/**
 * /login/callback. The server completes the sign-in and redirects; the browser only sees this
 * page when sign-in failed (shown as 'name: message', as the customer asked) or when opened directly.
 */
export function LoginCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const failure = params.get('failure');
  useEffect(() => {
    if (!failure) void navigate('/', { replace: true });
  }, [failure, navigate]);

  if (!failure) return <LoadingScreen text={t('callback.signingIn')} />;
  // Our own failure names have a translated explanation; the provider's come as given.
  const message = t(`signInFailures.${failure}`, { defaultValue: params.get('message') ?? '' });
  return (
    <ScreenMessage title={t('callback.failed')}>
      <p className={screenStyles.detail} role="alert">
        {`${failure}: ${message}`}
      </p>
      <a className="button" href="/">
        {t('callback.backToLogin')}
      </a>
    </ScreenMessage>
  );
}
