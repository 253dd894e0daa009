import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH } from '@shopdesk/shared/constants';
import { USERS, type ShopUser } from '@shopdesk/shared/users/schemas';
import { sameAsRule, type FormHandle } from '../../../lib/form-rules.ts';
import type { UserFormValues } from './use-user-actions.ts';
import { useUserRules } from './use-user-rules.ts';
import { usePermissions } from '../api/permissions.ts';
import { roleLabel, useRoles } from '../api/roles.ts';
import { useRoleChangeCode } from './use-role-change-code.ts';

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
 * the role choice (the shop's roles; the owner role only for an owner to give), the values of the
 * user edited put in when it opens, and a submit that closes it once saved (a refusal was shown by
 * the HTTP client and leaves it open). Giving an existing member another role asks the
 * authenticator's code when the second factor is on (`code`, fed by `onValuesChange`).
 */
export function useUserForm(form: ResettableForm<UserFormValues>, { open, editing, onSave, onClose }: { open: boolean; editing: ShopUser | null; onSave: (values: UserFormValues) => Promise<boolean>; onClose: () => void }) {
  const { t } = useTranslation('users');
  const rules = useUserRules();
  const roles = useRoles();
  const { isOwner } = usePermissions();
  const choices = (roles.data?.list ?? []).filter((role) => isOwner || role.key !== 'owner');
  const operations = choices.find((role) => role.key === 'operations')?.roleId;
  const [roleId, setRoleId] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? { username: editing.username, name: editing.name, email: editing.email, roleId: editing.roleId } : { roleId: operations });
    setRoleId(editing?.roleId);
  }, [open, editing, form, operations]);
  const code = useRoleChangeCode(editing !== null && roleId !== undefined && roleId !== editing.roleId, 'user-code-input');
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
    role: {
      label: t('fields.role'),
      extra: t('dialog.roleHint'),
      rules: [{ required: true, message: t('validation.role') }],
      options: choices.map((role) => ({ value: role.roleId, label: roleLabel(t, role), key: role.key ?? `custom-${role.roleId}` })),
    },
    code,
    onValuesChange: (changed: Partial<UserFormValues>) => {
      if (changed.roleId !== undefined) setRoleId(changed.roleId);
    },
    submitText: t('dialog.save'),
    submit: async (values: UserFormValues) => {
      if (await onSave({ ...values, code: code ? values.code : undefined })) onClose();
    },
  };
}

/**
 * The new password a member who manages users sets for another, on both devices: entered twice, the form emptied when it
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
