// Setup of the web unit tests: jsdom's missing layout APIs, longer async waits, cleanup after each test.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Files that run in the node environment (`// @vitest-environment node`) have no DOM to prepare.
if (typeof window !== 'undefined') {
  // findBy and waitFor end as soon as what they wait for shows; the limit is for a busy two-core machine, where a
  // lazy screen's first render (its modules transformed on demand) took over 6 s beside two other suites.
  configure({ asyncUtilTimeout: 60_000 });

  // jsdom lacks the layout APIs antd's responsive helpers read.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      // Less motion: jsdom has no animation frames, and ApexCharts would run a chart's animation as one long
      // synchronous recursion (enough of it overflows the stack on a slow machine). Nothing is seen here anyway.
      matches: query.includes('prefers-reduced-motion: reduce'),
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

  // Nor does it lay out SVG: ApexCharts measures axis labels with getBBox. Empty boxes let the real library build its
  // drawing here (so the options it is given are ones it accepts); the browser tests check the drawing itself.
  (SVGElement.prototype as SVGElement & { getBBox?: () => DOMRect }).getBBox ??= () => new DOMRect(0, 0, 0, 0);

  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}
