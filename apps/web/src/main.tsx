import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n, languageReady } from './i18n';

const root = document.getElementById('root');
// A remembered language that loads on first use arrives before the first render, so the page
// never flashes German; a failed load leaves German on.
initI18n();
void languageReady().finally(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
