import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Device = 'desktop' | 'mobile';

/** Spec §9: under 992 px the device is 'mobile' and the sidebar closes. */
export const mobileBreakpoint = 992;
export const sidebarWidth = 210;
export const sidebarCollapsedWidth = 64;

interface AppState {
  /** Remembered across reloads (spec §4). */
  sidebarOpened: boolean;
  device: Device;
  settingsOpen: boolean;
  toggleSidebar: () => void;
  closeSidebar: () => void;
  setDevice: (device: Device) => void;
  setSettingsOpen: (open: boolean) => void;
}

export const sidebarStorageKey = 'sidebarStatus';

export const useAppState = create<AppState>()(
  persist(
    (set) => ({
      sidebarOpened: true,
      device: 'desktop',
      settingsOpen: false,
      toggleSidebar: () => set((state) => ({ sidebarOpened: !state.sidebarOpened })),
      closeSidebar: () => set({ sidebarOpened: false }),
      setDevice: (device) => set({ device }),
      setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
    }),
    {
      name: sidebarStorageKey,
      storage: createJSONStorage(() => window.localStorage),
      partialize: ({ sidebarOpened }) => ({ sidebarOpened }),
    },
  ),
);

export function deviceFor(width: number): Device {
  return width < mobileBreakpoint ? 'mobile' : 'desktop';
}
