import { useTranslation } from 'react-i18next';
import { SHOP } from '@shopdesk/shared/constants';
import type { LogoTarget } from '@shopdesk/shared/shop/schemas';
import { notify } from '../../../lib/notifier.ts';
import { useLogoChange } from '../api/upload-logo.ts';
import { useLogoCrop } from './use-logo-crop.ts';

export const LOGO_MAX_MB = SHOP.LOGO_MAX_BYTES / 1024 / 1024;

/**
 * A logo setting on both devices: choose a picture (checked here, then by the server from its
 * bytes), crop it square, upload it; or go back to the default. The header follows at once.
 */
export function useLogoField(target: LogoTarget) {
  const { t } = useTranslation('settings');
  const crop = useLogoCrop();
  const change = useLogoChange(target);

  const choose = async (file: File) => {
    const problem = await crop.open(file);
    if (problem) notify.error(t(problem === 'type' ? 'logo.notImage' : 'logo.tooLarge', { maxMb: LOGO_MAX_MB }));
  };

  const confirm = async () => {
    const blob = await crop.result();
    if (!blob) {
      notify.error(t('logo.uploadFailed'));
      return;
    }
    try {
      await change.mutateAsync(blob);
      crop.close();
      notify.success(t('logo.saved'));
    } catch {
      // The server's message ("upload failed, logo upload failed: …") was shown by the HTTP client.
    }
  };

  const reset = async () => {
    try {
      await change.mutateAsync(null);
      notify.success(t('logo.saved'));
    } catch {
      // shown by the HTTP client
    }
  };

  return { crop, choose, confirm, reset, busy: change.isPending };
}
