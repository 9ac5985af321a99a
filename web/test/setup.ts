// Setup of the web unit tests: jsdom's missing layout APIs, longer async waits, cleanup after each test.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Files that run in the node environment (`// @vitest-environment node`) have no DOM to prepare.
if (typeof window !== 'undefined') {
  // findBy and waitFor: lazy screens and antd's first renders outlast the default second on a busy machine.
  configure({ asyncUtilTimeout: 10_000 });

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

  // Nor does it observe sizes; antd's tables and pickers only need the constructor to exist.
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };

  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}
