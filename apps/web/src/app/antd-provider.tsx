import { useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useTranslation } from 'react-i18next';
import { loadAntdLocale } from '../lib/antd-locale';
import { currentLanguage } from '../lib/i18n';
import { useSettingsStore } from '../lib/settings-store';

function useAntdLocale(): Locale | undefined {
  const { i18n } = useTranslation();
  const [locale, setLocale] = useState<Locale | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void loadAntdLocale(currentLanguage()).then((loaded) => {
      if (current) setLocale(loaded);
    });
    return () => {
      current = false;
    };
  }, [i18n.language]);
  return locale;
}

/**
 * antd's theme (colour from the settings panel, applied live), component size and locale (following
 * the language). Wraps the shell, the pages outside it and the feedback host; the login page uses no
 * antd component, so antd is not part of its first load.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const theme = useSettingsStore((state) => state.theme);
  const size = useSettingsStore((state) => state.size);
  const locale = useAntdLocale();
  return (
    <ConfigProvider
      locale={locale}
      componentSize={size}
      theme={{ token: { colorPrimary: theme } }}
      // The spec's button texts (取消, 重新登录) are shown as written, without antd's spacing of two-character labels.
      button={{ autoInsertSpace: false }}
    >
      {children}
    </ConfigProvider>
  );
}
