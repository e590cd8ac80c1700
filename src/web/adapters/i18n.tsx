import {
  cloneElement,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { DEFAULT_LANGUAGE, type Language } from '#shared/domain/language';
import { translate, type TFunction, type TOptions, type Texts } from './translate';

export type { TFunction, TOptions } from './translate';

/**
 * The interface language: i18next's and react-i18next's names in our own 2 KB, in place of the
 * libraries' 17 KB of every first load (README.md beside this file, ADR 0025). Each language is its own small chunk, and a page loads only the active
 * language's: the server names it in the page it sends (a modulepreload chosen by the browser's
 * Accept-Language, http/spa.ts), so it arrives with the app's scripts. English is the fallback
 * when a language's file could not be loaded; a text missing from a file would show its key,
 * which locales.test.ts does not let happen (every key in all seven languages). Long texts of
 * one screen live in their own namespace (ADR 0023): a folder locales/<namespace>/ with one
 * <language>.json per language is picked up by the glob below with no other change; a screen
 * calling useTranslation('<namespace>') loads the active language's file when it first renders
 * and shows its loading state until `ready`; locales.test.ts checks every such folder in all
 * seven languages.
 */
const loaders = import.meta.glob<{ default: Texts }>(['../locales/*.json', '../locales/*/*.json']);

const MAIN = 'translation';
const fileOf = (language: string, namespace: string) =>
  namespace === MAIN ? `../locales/${language}.json` : `../locales/${namespace}/${language}.json`;

/** Loaded texts by file; a file that failed to load counts as loaded and empty (English shows). */
const texts = new Map<string, Texts>();
const loading = new Map<string, Promise<void>>();
/** Every namespace a screen has asked for: a change of language loads them all first. */
const namespaces = new Set([MAIN]);
let language: string = DEFAULT_LANGUAGE;
let changes = 0;

/** Renders wait on this: it moves on when a file arrives or the language changes. */
let version = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

function load(lng: string, namespace: string): Promise<void> {
  namespaces.add(namespace);
  const file = fileOf(lng, namespace);
  if (texts.has(file)) return Promise.resolve();
  let pending = loading.get(file);
  if (!pending) {
    const loader = loaders[file];
    pending = (loader ? loader() : Promise.reject(new Error(`No locale ${file}`))).then(
      (module) => void texts.set(file, module.default),
      (error: unknown) => {
        console.error(error);
        // Its texts show in English: English's file first, unless this was English's.
        const fallback = lng === DEFAULT_LANGUAGE ? undefined : load(DEFAULT_LANGUAGE, namespace);
        return Promise.resolve(fallback).then(() => void texts.set(file, {}));
      },
    );
    loading.set(file, pending);
  }
  return pending;
}

const loaded = (namespace: string) => texts.has(fileOf(language, namespace));

const languages = () => (language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE]);

const translator = (namespace: string): TFunction => {
  const textsOf = (lng: string) => texts.get(fileOf(lng, namespace));
  return (key, options) =>
    options?.ns === undefined || options.ns === namespace
      ? translate(textsOf, languages(), key, options)
      : translator(options.ns)(key, options);
};

export const i18n = {
  get language() {
    return language;
  },
  /** A text of the main namespace, outside React. */
  t: translator(MAIN),
  exists: (key: string, options?: { ns?: string }) => translator(options?.ns ?? MAIN)(key) !== key,
  /** Loads the language's files of every namespace in use, then switches, so no text flickers. */
  async changeLanguage(next: string) {
    const change = ++changes;
    await Promise.all([...namespaces].map((namespace) => load(next, namespace)));
    if (change !== changes || next === language) return;
    language = next;
    changed();
  },
};

/** Resolves once the first language is loaded, so the first paint is already translated. */
export async function initI18n(first: Language): Promise<void> {
  await load(first, MAIN);
  language = first;
}

/**
 * A namespace's texts in the interface language; the component renders again when the language
 * changes. `ready` is false until the namespace's files have arrived.
 */
export function useTranslation(namespace = MAIN) {
  const current = useSyncExternalStore(subscribe, () => version);
  const ready = loaded(namespace);
  useEffect(() => {
    if (!ready) void load(language, namespace).then(changed);
  }, [ready, namespace, current]);
  // A new function when the language changes or a file arrives, so memoised children see it.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `current` is that change
  const t = useMemo(() => translator(namespace), [namespace, current]);
  return { t, i18n, ready };
}

/**
 * A text with markup: each `<name>…</name>` of the translation becomes `components[name]` with
 * the words between as its children, so translators move a link within their sentence.
 * @example <Trans t={t} i18nKey="closing.account" components={{ a: <Link to="/account" /> }} />
 */
export function Trans({
  t: translated,
  i18nKey,
  values,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  values?: TOptions;
  components: Record<string, ReactElement>;
}) {
  const parts: ReactNode[] = [];
  const text = translated(i18nKey, values);
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let from = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const [whole, name = '', inner] = match;
    parts.push(text.slice(from, match.index));
    const component = components[name];
    parts.push(component ? cloneElement(component, { key: match.index }, inner) : whole);
    from = match.index + whole.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}
