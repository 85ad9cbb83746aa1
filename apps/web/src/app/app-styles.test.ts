import { afterEach, describe, expect, it } from 'vitest';
import { APP_STYLES_ID, applyAppStyles } from './app-styles';

afterEach(() => {
  document.head.innerHTML = '';
});

function addPreload(href: string) {
  const preload = document.createElement('link');
  preload.rel = 'preload';
  preload.as = 'style';
  preload.href = href;
  preload.id = APP_STYLES_ID;
  preload.crossOrigin = 'anonymous';
  document.head.append(preload);
}

describe('applyAppStyles', () => {
  it('puts the preloaded sheet on, right after its preload, and resolves once it is in', async () => {
    addPreload('/assets/web-1.css');
    const applied = applyAppStyles();
    const preload = document.getElementById(APP_STYLES_ID);
    const sheet = preload?.nextElementSibling as HTMLLinkElement | null;
    expect(sheet?.rel).toBe('stylesheet');
    expect(sheet?.href).toBe(`${window.location.origin}/assets/web-1.css`);
    // The same CORS mode as the preload, or the browser fetches the sheet a second time.
    expect(sheet?.crossOrigin).toBe('anonymous');
    sheet?.dispatchEvent(new Event('load'));
    await expect(applied).resolves.toBeUndefined();
  });

  it('lets the app render unstyled rather than not at all when the sheet fails', async () => {
    addPreload('/assets/gone.css');
    const applied = applyAppStyles();
    document.head.querySelector('link[rel="stylesheet"]')?.dispatchEvent(new Event('error'));
    await expect(applied).resolves.toBeUndefined();
  });

  it('resolves at once without a preload (the dev server injects styles itself)', async () => {
    await expect(applyAppStyles()).resolves.toBeUndefined();
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();
  });
});
