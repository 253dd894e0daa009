import { createPreferenceStore } from './preference-store.ts';

export type ThemeMode = 'light' | 'dark';

/** The site theme, persisted under the `theme` key. */
export const themeStore = createPreferenceStore<ThemeMode>(
  'theme',
  (raw) => (raw === 'dark' ? 'dark' : 'light'),
  (mode) => mode,
);

/** Marks the document so plain CSS and antd-mobile's dark variables follow the theme. */
export function applyThemeToDocument(mode: ThemeMode): void {
  const root = document.documentElement;
  root.dataset.theme = mode;
  root.setAttribute('data-prefers-color-scheme', mode);
  root.style.colorScheme = mode;
}
