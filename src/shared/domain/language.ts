export const LANGUAGES = ['en', 'es', 'fr', 'id', 'pl', 'th', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first supported language among BCP 47 tags, by primary subtag; English when none is.
 * @example pickLanguage(['pt-BR', 'es-MX', 'en']) // 'es'
 */
export function pickLanguage(tags: readonly (string | null | undefined)[]): Language {
  for (const tag of tags) {
    const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The interface language: the profile's choice, else the identity
 * provider's `locale` claim, else the browser's languages, else English.
 * @example resolveLanguage({ profile: null, idpLocale: 'fr-CA', browser: ['th'] }) // 'fr'
 */
export function resolveLanguage(sources: {
  profile: string | null | undefined;
  idpLocale: string | null | undefined;
  browser: readonly string[];
}): Language {
  if (isLanguage(sources.profile)) return sources.profile;
  return pickLanguage([sources.idpLocale, ...sources.browser]);
}

/** Each language's name in itself, as the language selector shows it. */
export const LANGUAGE_LABELS: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  id: 'Bahasa Indonesia',
  pl: 'Polski',
  th: 'ไทย',
  vi: 'Tiếng Việt',
};
