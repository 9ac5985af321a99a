import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Files that run in the node environment (`// @vitest-environment node`) have no DOM to prepare.
if (typeof window !== 'undefined') {
  // jsdom lacks the layout APIs antd's responsive helpers read.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });

  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}
