import { useTranslation } from 'react-i18next';
import { AUTH } from '@shopdesk/shared/constants';
import { plainPasswordSchema } from '@shopdesk/shared/auth/schemas';
import { sameAsRule, zodRule, type FormHandle } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notifier.ts';
import { isWrongOldPassword, useUpdateLoginPassword, type PasswordChange } from '../api/passwords.ts';
import { scheduleRelogin } from '../relogin.ts';

/** One field of the password form, as both devices render it. */
export interface PasswordField {
  name: keyof PasswordChange;
  label: string;
  placeholder: string;
  autoComplete: 'current-password' | 'new-password';
  rules: object[];
  /** The field's test id without the device prefix (`m-` on the phone). */
  testId: string;
}

/**
 * Changing the login password (SPEC §4–§5), for the desktop dialog and the phone sheet alike: the
 * fields and their rules (6–20 characters, the confirmation equal to the new one), the refusal of a
 * wrong old password shown at its field, and on success the message, `onDone` and the re-login.
 */
export function usePasswordChange(form: FormHandle<PasswordChange>, onDone: () => void) {
  const { t } = useTranslation('account');
  const mutation = useUpdateLoginPassword();
  const password = zodRule(plainPasswordSchema, t, { min: AUTH.PASSWORD_MIN, max: AUTH.PASSWORD_MAX });
  const fields: PasswordField[] = [
    { name: 'oldPassword', label: t('password.old'), placeholder: t('password.oldPlaceholder'), autoComplete: 'current-password', rules: [password], testId: 'old-password' },
    { name: 'newPassword', label: t('password.new'), placeholder: t('password.newPlaceholder'), autoComplete: 'new-password', rules: [password], testId: 'new-password' },
    {
      name: 'confirmPassword',
      label: t('password.confirm'),
      placeholder: t('password.confirmPlaceholder'),
      autoComplete: 'new-password',
      rules: [{ required: true, message: t('common:validation.required') }, sameAsRule(() => form.getFieldValue('newPassword'), t)],
      testId: 'confirm-password',
    },
  ];

  const submit = (values: PasswordChange) =>
    mutation.mutate(values, {
      onSuccess: () => {
        notify.success(t('password.success'));
        onDone();
        scheduleRelogin();
      },
      onError: (error) => {
        if (isWrongOldPassword(error)) form.setFields([{ name: 'oldPassword', errors: [t('password.wrongOld')] }]);
      },
    });

  return { title: t('password.title'), fields, maxLength: AUTH.PASSWORD_MAX, submit, pending: mutation.isPending };
}
