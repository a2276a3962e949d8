import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initI18n, lazyNamespaces } from '../lib/i18n';

// Lazy pages are transformed on first import: give the first render time.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these; antd's responsive helpers and menus call them.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

beforeAll(async () => {
  // the app loads an area's texts with its page; components rendered alone here get them all up front
  await (await initI18n('en')).loadNamespaces([...lazyNamespaces]);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
