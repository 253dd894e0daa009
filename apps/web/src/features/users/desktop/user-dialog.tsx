import { useEffect } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTH } from '@shopdesk/shared/constants';
import { SHOP_ROLES, USERS, type ShopUser } from '@shopdesk/shared/users/schemas';
import { useUserRules } from '../hooks/use-user-rules.ts';
import type { UserFormValues } from '../hooks/use-user-actions.ts';

/** Add a user (username, password, name, email, role) or edit one (name, email, role). */
export function UserDialog({
  open,
  editing,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  editing: ShopUser | null;
  saving: boolean;
  onSave: (values: UserFormValues) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  const rules = useUserRules();
  const [form] = Form.useForm<UserFormValues>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? { username: editing.username, name: editing.name, email: editing.email, role: editing.role } : { role: 'user' });
  }, [open, editing, form]);
  const submit = async () => {
    const values = await form.validateFields();
    if (await onSave(values)) onClose();
  };
  return (
    <Modal
      open={open}
      title={t(editing ? 'dialog.editTitle' : 'dialog.addTitle')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('dialog.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: saving, ...({ 'data-testid': 'user-dialog-save' } as object) }}
      destroyOnHidden={false}
    >
      <Form form={form} layout="vertical" data-testid="user-form">
        <Form.Item name="username" label={t('fields.username')} rules={editing ? [] : rules.username} required={!editing}>
          <Input maxLength={AUTH.USERNAME_MAX} disabled={Boolean(editing)} autoComplete="off" data-testid="user-username-input" />
        </Form.Item>
        {!editing && (
          <Form.Item name="password" label={t('fields.password')} rules={rules.password} required extra={t('dialog.passwordHint')}>
            <Input.Password maxLength={AUTH.PASSWORD_MAX} autoComplete="new-password" data-testid="user-password-input" />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('fields.name')} rules={rules.name}>
          <Input maxLength={USERS.NAME_MAX} data-testid="user-name-input" />
        </Form.Item>
        <Form.Item name="email" label={t('fields.email')} rules={rules.email}>
          <Input type="email" maxLength={USERS.EMAIL_MAX} data-testid="user-email-input" />
        </Form.Item>
        <Form.Item name="role" label={t('fields.role')} extra={t('dialog.roleHint')} required>
          <Radio.Group optionType="button" buttonStyle="solid" options={SHOP_ROLES.map((role) => ({ value: role, label: <span data-testid={`user-role-${role}`}>{t(`role.${role}`)}</span> }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
