import i18next from 'i18next';
import { UI } from '@shopdesk/shared/constants';
import { notify } from '../../lib/notifier.ts';
import { endSession } from '../../lib/http.ts';

/**
 * SPEC §4, login password change success: after UI.RELOGIN_DELAY_MS a "log in again" message,
 * storage cleared and back to login (the server has revoked every session of the user).
 * Not tied to a component: closing the dialog must not cancel it.
 */
export function scheduleRelogin(): void {
  setTimeout(() => {
    notify.info(i18next.t('account:password.relogin'));
    endSession();
  }, UI.RELOGIN_DELAY_MS);
}
