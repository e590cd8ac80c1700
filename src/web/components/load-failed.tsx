import { useTranslation } from '../adapters/i18n';
import { useErrorText } from '../lib/use-error-message';

/** A part of a screen that could not load: the error's translated message and a retry button. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div role="alert" className="card">
      <p>{errorText(error)}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t('errorScreen.retry')}
      </button>
    </div>
  );
}
