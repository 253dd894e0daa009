import { useTranslation } from 'react-i18next';
import { siteSettingsStore } from '../../../lib/site-settings.ts';
import { usePublicConfig } from '../../support/api/public-config.ts';

/** Site name: the one chosen in settings, else the server's, else the app name. */
export function useSiteName(): string {
  const { t } = useTranslation();
  const settings = siteSettingsStore.use();
  const config = usePublicConfig();
  return settings.siteName || config.data?.siteName || t('appName');
}
