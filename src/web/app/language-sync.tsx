import { useEffect } from 'react';
import { useTranslation } from '../adapters/i18n';
import { resolveLanguage } from '#shared/domain/language';
import { useMe } from '../api/me';

/** Keeps the interface language (the profile's, else the provider's, else the browser's, else English) and <html lang> in step with the player. */
export function LanguageSync() {
  const { i18n } = useTranslation();
  const { data: me } = useMe();
  const language = resolveLanguage({
    profile: me?.language,
    idpLocale: me?.locale,
    browser: navigator.languages,
  });
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }, [i18n, language]);
  return null;
}
