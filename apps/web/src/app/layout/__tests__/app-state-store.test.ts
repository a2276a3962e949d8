import { describe, expect, it } from 'vitest';
import { deviceFor, sidebarStorageKey, useAppState } from '../app-state-store';

describe('sidebar state (spec §2, §9)', () => {
  it('remembers whether the sidebar is open', async () => {
    useAppState.setState({ sidebarOpened: true });
    useAppState.getState().toggleSidebar();
    expect(JSON.parse(window.localStorage.getItem(sidebarStorageKey) ?? '{}')).toMatchObject({ state: { sidebarOpened: false } });
    useAppState.setState({ sidebarOpened: true });
    window.localStorage.setItem(sidebarStorageKey, JSON.stringify({ state: { sidebarOpened: false }, version: 0 }));
    await useAppState.persist.rehydrate();
    expect(useAppState.getState().sidebarOpened).toBe(false);
  });

  it('treats widths under 992 px as mobile', () => {
    expect([deviceFor(991), deviceFor(992)]).toEqual(['mobile', 'desktop']);
  });
});
