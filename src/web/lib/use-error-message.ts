import { useEffect, useState } from 'react';
import { useTranslation } from '../adapters/i18n';
import { ApiError } from './api-client';

/** Spec §9: error messages show for 3000 ms. */
export const ERROR_DISPLAY_MS = 3000;

/** The translated message for an API error: its code's text, else the generic one. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (error: unknown) => {
    const code = error instanceof ApiError ? error.code : 'NETWORK';
    const key = `errors.${code}`;
    return i18n.exists(key) ? t(key) : t('errors.generic');
  };
}

/** A message that clears itself after `ms` (set it again to show it again). */
export function useTransientMessage(ms = ERROR_DISPLAY_MS) {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(timer);
  }, [message, ms]);
  return [message, setMessage] as const;
}
