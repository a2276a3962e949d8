import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const languages = ['en', 'zh', 'es', 'ja'] as const;
export type Language = (typeof languages)[number];

/** Each language named in itself, so a reader can find theirs. */
export const languageNames: Record<Language, string> = { en: 'English', zh: '中文', es: 'Español', ja: '日本語' };

/** Loaded with the language: the shell, sign-in and the areas every session meets. */
export const namespaces = ['common', 'layout', 'routes', 'auth', 'errors', 'messages', 'dashboard', 'validation', 'storage', 'register', 'binding', 'jobs', 'labels', 'clusters', 'quotas', 'sso', 'profile'] as const;
/**
 * Loaded when a page first asks for them (`useTranslation('fees')` suspends until then), so the sign-in page
 * does not carry every area's texts (its JavaScript budget, scripts/report-size.mjs).
 */
export const lazyNamespaces = ['admin', 'monitor', 'approvals', 'interactive', 'apps', 'designer', 'images', 'fees', 'mall', 'docs', 'statistics', 'udm', 'wrf', 'tickets', 'webssh'] as const;

/** Where the chosen language is saved (spec §1: saved → browser → en). */
export const languageStorageKey = 'language';

const bundles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });

/** 'zh-CN' → 'zh'; an unsupported code is returned unchanged. */
export function toSupportedLanguage(code: string): string {
  const base = code.toLowerCase().split(/[-_]/)[0] ?? '';
  return (languages as readonly string[]).includes(base) ? base : code;
}

export function isLanguage(code: string | undefined): code is Language {
  return code !== undefined && (languages as readonly string[]).includes(code);
}

/** The language in use, always one of the four. */
export function currentLanguage(): Language {
  const code = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(code) ? code : 'en';
}

const eager = new Set<string>(namespaces);

async function loadLanguage(lng: Language): Promise<void> {
  const prefix = `../locales/${lng}/`;
  const loads = Object.entries(bundles)
    .filter(([path]) => path.startsWith(prefix))
    .map(async ([path, load]) => {
      const ns = path.slice(prefix.length).replace(/\.json$/, '');
      // the lazy ones already used in this session come along, so a language switch keeps every open page worded
      if (!eager.has(ns) && !i18n.hasResourceBundle(currentLanguage(), ns)) return;
      if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, await load(), true, true);
    });
  await Promise.all(loads);
}

/** i18next backend for the lazy namespaces: the same bundled JSON files, fetched on first use. */
const lazyBackend = {
  type: 'backend' as const,
  init: () => undefined,
  read(lng: string, ns: string, callback: (error: unknown, data: Record<string, unknown> | null) => void) {
    const load = bundles[`../locales/${lng}/${ns}.json`];
    if (!load) return callback(null, {});
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error, null),
    );
  },
};

/** Spec §1: the saved language, else the browser's first supported one, else English. */
export function detectLanguage(): Language {
  let saved: string | null = null;
  try {
    saved = window.localStorage.getItem(languageStorageKey);
  } catch {
    // storage blocked: fall through to the browser
  }
  if (saved && isLanguage(saved)) return saved;
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const code of preferred) {
    const supported = code ? toSupportedLanguage(code) : '';
    if (isLanguage(supported)) return supported;
  }
  return 'en';
}

export async function initI18n(lng: Language = detectLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n
      .use(initReactI18next)
      .use(lazyBackend)
      .init({
        lng,
        supportedLngs: [...languages],
        fallbackLng: 'en',
        ns: [...namespaces],
        defaultNS: 'common',
        resources: {},
        partialBundledLanguages: true,
        interpolation: { escapeValue: false },
      });
  }
  const active = lng;
  await loadLanguage(active);
  if (i18n.language !== active) await i18n.changeLanguage(active);
  document.documentElement.lang = active;
  return i18n;
}

/** Switches and saves the language (the antd and dayjs locales follow in the providers). */
export async function changeLanguage(lng: Language): Promise<void> {
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
  window.localStorage.setItem(languageStorageKey, lng);
  document.documentElement.lang = lng;
}

export { i18n };
