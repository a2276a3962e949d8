import { useEffect } from 'react';
import { deviceFor, useAppState } from './app-state-store';

/** Follows the window width: crossing below 992 px makes the device 'mobile' and closes the sidebar. */
export function useResponsive(): void {
  useEffect(() => {
    const apply = () => {
      const device = deviceFor(window.innerWidth);
      const state = useAppState.getState();
      if (device !== state.device) state.setDevice(device);
      if (device === 'mobile' && state.sidebarOpened && state.device !== 'mobile') state.closeSidebar();
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);
}
