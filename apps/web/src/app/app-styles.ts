/** The id of index.html's preload of the app's style sheet (vite.config.ts writes it). */
export const APP_STYLES_ID = 'app-styles';

/**
 * Puts the preloaded style sheet on and resolves when it applies, so the app's first render is
 * styled. Resolves at once where no preload exists (the dev server injects styles itself), and
 * also when the sheet fails to load: an unstyled page beats none.
 */
export function applyAppStyles(doc: Document = document): Promise<void> {
  const preload = doc.getElementById(APP_STYLES_ID);
  if (!(preload instanceof HTMLLinkElement)) return Promise.resolve();
  const sheet = doc.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.crossOrigin = 'anonymous';
  sheet.href = preload.href;
  const applied = new Promise<void>((resolve) => {
    sheet.addEventListener('load', () => resolve(), { once: true });
    sheet.addEventListener('error', () => resolve(), { once: true });
  });
  preload.after(sheet);
  return applied;
}
