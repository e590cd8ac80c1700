import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/domain/language';
import en from '../locales/en.json';

/**
 * English ships in the main bundle (it is the fallback); the other six languages are loaded on
 * demand, each as its own small chunk. Long texts of one screen live in their own namespace
 * (ADR 0023): a folder locales/<namespace>/ with one <language>.json per language is picked up
 * by the glob below with no other change; a screen calling useTranslation('<namespace>') loads
 * the active language's file (and English's, the fallback) when it first renders and shows its
 * loading state until `ready`; locales.test.ts checks every such folder in all seven languages.
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*.json',
  '../locales/*/*.json',
]);

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const file = namespace === 'translation' ? `${language}.json` : `${namespace}/${language}.json`;
    const load = loaders[`../locales/${file}`];
    if (!load) return callback(new Error(`No locale ${file}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/** Resolves once the first language is loaded, so the first paint is already translated. */
export async function initI18n(language: Language): Promise<typeof i18next> {
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      partialBundledLanguages: true,
      resources: { en: { translation: en } },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  return i18next;
}
