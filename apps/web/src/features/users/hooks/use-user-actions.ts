import { useTranslation } from 'react-i18next';
import type { ShopUser } from '@shopdesk/shared/users/schemas';
import { ApiError } from '../../../lib/http.ts';
import { notify } from '../../../lib/notifier.ts';
import { useAddUser, useUpdateUser, type NewUser } from '../api/save-user.ts';
import { useResetUserPassword, useSetUserActive } from '../api/user-status.ts';

export interface UserFormValues {
  username: string;
  password: string;
  name: string;
  email: string;
  roleId: NewUser['roleId'];
  /** The authenticator's code, asked when a new role is given with the second factor on. */
  code?: string;
}

/** A refusal the HTTP client kept quiet (the step-up's wrong code) is shown here; the others it showed itself. */
export function showQuietFailure(error: unknown) {
  if (error instanceof ApiError && !error.notified) {
    notify.error(error.message);
    error.notified = true;
  }
}

/**
 * What a member who manages users does to the shop's users, on any device: add, edit, deactivate or reactivate,
 * reset a password. Each answers whether it succeeded (failures were shown by the HTTP client).
 */
export function useUserActions() {
  const { t } = useTranslation('users');
  const add = useAddUser();
  const update = useUpdateUser();
  const setActive = useSetUserActive();
  const reset = useResetUserPassword();
  const run = async (action: () => Promise<unknown>, doneKey: string, params: Record<string, string> = {}) => {
    try {
      await action();
      notify.success(t(doneKey, params));
      return true;
    } catch (error) {
      showQuietFailure(error);
      return false;
    }
  };
  return {
    save: (editing: ShopUser | null, values: UserFormValues) =>
      editing
        ? run(() => update.mutateAsync({ userId: editing.userId, name: values.name ?? '', email: values.email ?? '', roleId: values.roleId, code: values.code }), 'done.updated', { username: editing.username })
        : run(() => add.mutateAsync({ username: values.username, password: values.password, roleId: values.roleId, name: values.name ?? '', email: values.email ?? '' }), 'done.added', { username: values.username }),
    saving: add.isPending || update.isPending,
    setActive: (user: ShopUser, active: boolean) =>
      run(() => setActive.mutateAsync({ userId: user.userId, active }), active ? 'done.reactivated' : 'done.deactivated', { username: user.username }),
    resetPassword: (user: ShopUser, password: string) => run(() => reset.mutateAsync({ userId: user.userId, password }), 'done.passwordReset', { username: user.username }),
    resetting: reset.isPending,
  };
}
