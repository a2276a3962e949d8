import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Spec §3 Settings; theme default #1890ff (ARCHITECTURE §5 settles the two readings). */
export const defaultThemeColor = '#1890ff';

/** The preset palette offered by the theme picker. */
export const themePresets = ['#1890ff', '#409EFF', '#304156', '#11a983', '#13c2c2', '#6959CD', '#f5222d', '#fa8c16', '#212121'];

export type ComponentSize = 'small' | 'middle' | 'large';

export interface Settings {
  theme: string;
  /** Whether the settings panel entry (the gear on the right edge) is shown. */
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  /** Spec default 'medium', antd's 'middle'. */
  size: ComponentSize;
}

export const defaultSettings: Settings = {
  theme: defaultThemeColor,
  showSettings: true,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  size: 'middle',
};

interface SettingsState extends Settings {
  change: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
  reset: () => void;
}

export const settingsStorageKey = 'starlight-settings';

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...defaultSettings,
      change: (key, value) => set({ [key]: value } as Partial<Settings>),
      reset: () => set(defaultSettings),
    }),
    {
      name: settingsStorageKey,
      version: 1,
      storage: createJSONStorage(() => window.localStorage),
      partialize: ({ theme, showSettings, tagsView, fixedHeader, sidebarLogo, size }) => ({
        theme,
        showSettings,
        tagsView,
        fixedHeader,
        sidebarLogo,
        size,
      }),
    },
  ),
);
