import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
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

// Component tests read the specification's English texts; the German default has its own tests.
initI18n('en');
await languageReady();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
