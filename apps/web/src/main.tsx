// First: zod must not probe eval under the app's Content-Security-Policy.
import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { initI18n } from './i18n/i18n.ts';
import { applyLanguageSideEffects, initialLanguage, languageFromTag } from './i18n/language.ts';
import { configureApp } from './app/configure-app.ts';
import { App } from './app/app.tsx';
import './styles/global.css';

async function start(): Promise<void> {
  const language = initialLanguage();
  const sideEffects = applyLanguageSideEffects(language);
  i18next.on('languageChanged', (lng) => {
    const changed = languageFromTag(lng);
    if (changed) void applyLanguageSideEffects(changed);
  });
  await Promise.all([initI18n(language), sideEffects]);
  configureApp();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The offline-capable worker (SPEC §1/§7), in built apps only; workbox-window loads after the page.
  if (import.meta.env.PROD) void import('./lib/service-worker.ts').then((m) => m.registerServiceWorker());
}

void start();
