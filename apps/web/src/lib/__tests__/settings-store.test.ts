import { describe, expect, it } from 'vitest';
import { defaultSettings, settingsStorageKey, useSettingsStore } from '../settings-store';

describe('settings (spec §2 right panel, §3)', () => {
  it('starts from the defaults: #1890ff, tags view on, fixed header off, sidebar logo on', () => {
    useSettingsStore.getState().reset();
    const { theme, tagsView, fixedHeader, sidebarLogo } = useSettingsStore.getState();
    expect({ theme, tagsView, fixedHeader, sidebarLogo }).toEqual({ theme: '#1890ff', tagsView: true, fixedHeader: false, sidebarLogo: true });
  });

  it('writes every change to local storage', () => {
    useSettingsStore.getState().change('theme', '#13c2c2');
    useSettingsStore.getState().change('fixedHeader', true);
    const saved = JSON.parse(window.localStorage.getItem(settingsStorageKey) ?? '{}') as { state: Record<string, unknown> };
    expect(saved.state).toMatchObject({ theme: '#13c2c2', fixedHeader: true });
  });

  it('survives a reload (rehydrates from local storage)', async () => {
    useSettingsStore.getState().reset();
    window.localStorage.setItem(
      settingsStorageKey,
      JSON.stringify({ state: { ...defaultSettings, theme: '#f5222d', tagsView: false, sidebarLogo: false }, version: 1 }),
    );
    await useSettingsStore.persist.rehydrate();
    const { theme, tagsView, sidebarLogo } = useSettingsStore.getState();
    expect({ theme, tagsView, sidebarLogo }).toEqual({ theme: '#f5222d', tagsView: false, sidebarLogo: false });
  });
});
