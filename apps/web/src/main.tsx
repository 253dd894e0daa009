import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { initI18n } from './i18n/i18n.ts';
import { applyLanguageSideEffects, initialLanguage, isLanguageCode } from './i18n/language.ts';
import { configureApp } from './app/configure-app.ts';
import { App } from './app/app.tsx';
import './styles/global.css';

async function start(): Promise<void> {
  const language = initialLanguage();
  applyLanguageSideEffects(language);
  i18next.on('languageChanged', (lng) => {
    if (isLanguageCode(lng)) applyLanguageSideEffects(lng);
  });
  await initI18n(language);
  configureApp();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
