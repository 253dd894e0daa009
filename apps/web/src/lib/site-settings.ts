import { createPreferenceStore } from './preference-store.ts';

/** Site name and logo chosen in the settings dialog, persisted under `siteSettings`. */
export interface SiteSettings {
  siteName: string;
  /** A data URL of the uploaded logo, or empty for the bundled one. */
  logo: string;
}

const EMPTY: SiteSettings = { siteName: '', logo: '' };

function parse(raw: string | null): SiteSettings {
  if (!raw) return EMPTY;
  try {
    const value = JSON.parse(raw) as Partial<SiteSettings>;
    return {
      siteName: typeof value.siteName === 'string' ? value.siteName : '',
      logo: typeof value.logo === 'string' ? value.logo : '',
    };
  } catch {
    return EMPTY;
  }
}

export const siteSettingsStore = createPreferenceStore<SiteSettings>('siteSettings', parse, (value) => JSON.stringify(value));
