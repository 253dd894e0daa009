import i18next from 'i18next';
import { configureHttp } from '../lib/http.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { goToLogin } from './session.ts';

/** Wires the UI-kit-free HTTP client to the language and the router. */
export function configureApp(): void {
  configureHttp({
    translate: (key) => i18next.t(`common:http.${key}`),
    getLanguage: currentLanguage,
    onSessionEnd: goToLogin,
  });
}
