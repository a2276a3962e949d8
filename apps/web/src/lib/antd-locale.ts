import type { Locale } from 'antd/es/locale';
import type { Language } from './i18n';

/** antd and dayjs follow the interface language; English is antd's built-in default. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Locale>> = {
  zh: async () => {
    await import('dayjs/locale/zh-cn');
    return (await import('antd/es/locale/zh_CN')).default;
  },
  es: async () => {
    await import('dayjs/locale/es');
    return (await import('antd/es/locale/es_ES')).default;
  },
  ja: async () => {
    await import('dayjs/locale/ja');
    return (await import('antd/es/locale/ja_JP')).default;
  },
};

const dayjsNames: Record<Language, string> = { en: 'en', zh: 'zh-cn', es: 'es', ja: 'ja' };

let dayjsSwitched = false;

export async function loadAntdLocale(lng: Language): Promise<Locale | undefined> {
  const locale = lng === 'en' ? undefined : await loaders[lng]();
  if (lng !== 'en' || dayjsSwitched) {
    // dayjs starts in English and is not part of the first load, so English needs nothing.
    const { default: dayjs } = await import('dayjs');
    dayjs.locale(dayjsNames[lng]);
    dayjsSwitched = true;
  }
  return locale;
}
