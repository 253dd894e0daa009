import { useTranslation } from 'react-i18next';
import { siteSettingsStore } from '../../../lib/site-settings.ts';
import { usePublicConfig } from '../../support/api/public-config.ts';
import { useShopSettings } from './shop-info.ts';

/**
 * Site name: the shop's (general settings, kept per shop and copied into this browser), else the
 * server's, else the app name. Signed in, the shop's settings are read so the copy stays current.
 */
export function useSiteName(): string {
  const { t } = useTranslation();
  useShopSettings();
  const settings = siteSettingsStore.use();
  const config = usePublicConfig();
  return settings.siteName || config.data?.siteName || t('appName');
}
