import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier.ts';
import { themeStore, type ThemeMode } from '../../../lib/theme.ts';
import { chatSoundStore, notificationSoundStore } from '../../../lib/notification-sound.ts';
import { changeLanguage, isLanguageCode } from '../../../i18n/language.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { usePermissions } from '../../users/api/permissions.ts';
import { useShopSettings } from '../api/shop-info.ts';
import { useUpdatePreferences } from '../api/update-preferences.ts';

/**
 * General settings (SPEC §2 settings dialog), shared by the header dialog and /settings/index:
 * theme, language and sound belong to this browser (each person's own); site name and site logo
 * belong to the shop and are saved on the server by an admin (docs/decisions.md, "General settings: per browser or per shop").
 */
export function useGeneralSettings() {
  const { t } = useTranslation('settings');
  const theme = themeStore.use();
  const soundOn = notificationSoundStore.use();
  const chatSoundOn = chatSoundStore.use();
  const info = useShopSettings();
  const permissions = usePermissions();
  const preferences = useUpdatePreferences();
  const saveSiteName = async (siteName: string) => {
    try {
      await preferences.mutateAsync({ siteName });
      notify.success(t('general.saved'));
    } catch {
      // shown by the HTTP client
    }
  };
  return {
    theme,
    setTheme: (mode: ThemeMode) => themeStore.set(mode),
    language: currentLanguage(),
    setLanguage: (code: string) => {
      if (isLanguageCode(code)) void changeLanguage(code);
    },
    soundOn,
    setSoundOn: (on: boolean) => notificationSoundStore.set(on),
    /** A buyer's chat message plays the sound too (its own switch, in this browser). */
    chatSoundOn,
    setChatSoundOn: (on: boolean) => chatSoundStore.set(on),
    siteName: info.data?.siteName ?? '',
    siteLogo: info.data?.siteLogo ?? '',
    infoLoading: info.isPending,
    /** The shop's values are shown: until then (or when they failed) the shop fields stay disabled, so nothing blank is saved over them. */
    shopReady: info.isSuccess,
    infoFailed: info.isError,
    retryInfo: () => void info.refetch(),
    retryingInfo: info.isFetching,
    saveSiteName,
    savingSiteName: preferences.isPending,
    canEditShop: permissions.can('settings:edit'),
    /** Why the shop fields are disabled (shown only once the role is known). */
    deniedReason: permissions.isPending ? null : permissions.reason('settings:edit'),
  };
}
