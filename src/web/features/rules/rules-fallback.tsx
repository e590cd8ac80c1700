import { useTranslation } from '../../adapters/i18n';
import { ScreenMessage, screenStyles } from '../../components/screen-message';
import { startSignIn } from '../../api/session';

/** /rules without a signed-in player (the rules need a signed-in player; without one, this fallback shows). */
export function RulesFallback() {
  const { t } = useTranslation();
  return (
    <ScreenMessage title={t('rules.title')}>
      <p className={screenStyles.text}>{t('rules.signInFirst')}</p>
      <button type="button" className="button" onClick={() => startSignIn('/rules')}>
        {t('rules.signIn')}
      </button>
    </ScreenMessage>
  );
}
