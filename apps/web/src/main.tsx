import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/App';
import { applyAppStyles } from './app/app-styles';
import { preloadLandingPage } from './app/page-preload';
import { startSignInCheck } from './features/auth/SignInProvider';
import { initI18n, languageReady } from './i18n';

// The sign-in check and the page asked for load while the app starts; a failure here is handled
// where they are used (the sign-in provider offers a retry).
startSignInCheck().catch(() => {});
preloadLandingPage(window.location.pathname);

const root = document.getElementById('root');
// A remembered language that loads on first use arrives before the first render, so the page
// never flashes German; a failed load leaves German on.
initI18n();
// The first render waits for the style sheet too (preloaded by index.html, so usually in already).
void Promise.all([languageReady().catch(() => {}), applyAppStyles()]).finally(() => {
  if (!root) return;
  // A transition renders in slices the browser can interrupt, instead of one long task that
  // blocks input on a slow phone; the plain shell of index.html stays on screen meanwhile.
  const router = createAppRouter();
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
});
