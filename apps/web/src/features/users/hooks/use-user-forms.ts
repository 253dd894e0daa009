import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH } from '@shopdesk/shared/constants';
import { SHOP_ROLES, USERS, type ShopUser } from '@shopdesk/shared/users/schemas';
import { sameAsRule, type FormHandle } from '../../../lib/form-rules.ts';
import type { UserFormValues } from './use-user-actions.ts';
import { useUserRules } from './use-user-rules.ts';

interface ResettableForm<V> extends FormHandle<V> {
  resetFields(): void;
  setFieldsValue(values: Partial<V>): void;
}

/** One text field of the user form, as both devices render it. */
export interface UserField {
  name: 'username' | 'password' | 'name' | 'email';
  label: string;
  rules: object[];
  required: boolean;
  maxLength: number;
  disabled?: boolean;
  extra?: string;
  type?: 'password' | 'email';
  autoComplete: 'off' | 'new-password';
  /** The field's test id without the device prefix (`m-` on the phone). */
  testId: string;
}

/**
 * The add or edit user form on both devices: the fields (username and password only when adding),
 * the role choice, the values of the user edited put in when it opens, and a submit that closes it
 * once saved (a refusal was shown by the HTTP client and leaves it open).
 */
export function useUserForm(form: ResettableForm<UserFormValues>, { open, editing, onSave, onClose }: { open: boolean; editing: ShopUser | null; onSave: (values: UserFormValues) => Promise<boolean>; onClose: () => void }) {
  const { t } = useTranslation('users');
  const rules = useUserRules();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? { username: editing.username, name: editing.name, email: editing.email, role: editing.role } : { role: 'user' });
  }, [open, editing, form]);
  const adding = !editing;
  const fields: UserField[] = [
    { name: 'username', label: t('fields.username'), rules: adding ? rules.username : [], required: adding, maxLength: AUTH.USERNAME_MAX, disabled: !adding, autoComplete: 'off', testId: 'user-username-input' },
    ...(adding
      ? [{ name: 'password', label: t('fields.password'), rules: rules.password, required: true, maxLength: AUTH.PASSWORD_MAX, extra: t('dialog.passwordHint'), type: 'password', autoComplete: 'new-password', testId: 'user-password-input' } satisfies UserField]
      : []),
    { name: 'name', label: t('fields.name'), rules: rules.name, required: false, maxLength: USERS.NAME_MAX, autoComplete: 'off', testId: 'user-name-input' },
    { name: 'email', label: t('fields.email'), rules: rules.email, required: false, maxLength: USERS.EMAIL_MAX, type: 'email', autoComplete: 'off', testId: 'user-email-input' },
  ];
  return {
    title: t(editing ? 'dialog.editTitle' : 'dialog.addTitle'),
    fields,
    role: { label: t('fields.role'), extra: t('dialog.roleHint'), options: SHOP_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) })) },
    submitText: t('dialog.save'),
    submit: async (values: UserFormValues) => {
      if (await onSave(values)) onClose();
    },
  };
}

/**
 * The admin's new password for a user, on both devices: entered twice, the form emptied when it
 * opens, closed once reset (the user's sessions end).
 */
export function useResetPasswordForm(form: ResettableForm<{ password: string; confirm: string }>, { user, onReset, onClose }: { user: ShopUser | null; onReset: (user: ShopUser, password: string) => Promise<boolean>; onClose: () => void }) {
  const { t } = useTranslation('users');
  const rules = useUserRules();
  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);
  return {
    title: t('reset.title', { username: user?.username ?? '' }),
    warning: t('reset.warning'),
    fields: [
      { name: 'password' as const, label: t('reset.newPassword'), rules: rules.password, testId: 'reset-password-input' },
      { name: 'confirm' as const, label: t('reset.confirmPassword'), rules: [{ required: true, message: t('common:validation.required') }, sameAsRule(() => form.getFieldValue('password'), t)], testId: 'reset-password-confirm' },
    ] satisfies { name: 'password' | 'confirm'; label: string; rules: object[]; testId: string }[],
    maxLength: AUTH.PASSWORD_MAX,
    submitText: t('reset.confirm'),
    submit: async ({ password }: { password: string }) => {
      if (user && (await onReset(user, password))) onClose();
    },
  };
}
