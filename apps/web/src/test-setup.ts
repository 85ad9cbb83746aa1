import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initI18n, languageReady } from './i18n';
import { fixedMediaQueryList } from './test/media-query';

// Mantine reads these browser APIs, which happy-dom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => fixedMediaQueryList(query, false);
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.HTMLElement.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};

// findBy and waitFor wait up to 5 s rather than 1 s: on two cores shared with the server's database tests a
// whole page took over a second to draw its first answer, and the tests failed on the machine, not the page.
configure({ asyncUtilTimeout: 5_000 });

// Component tests read the specification's English texts; the German default has its own tests.
initI18n('en');
await languageReady();

// Every test's spies (a faked fetch above all) are undone after it, so no test sees another's.
afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
