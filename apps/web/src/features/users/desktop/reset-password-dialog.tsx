import { useEffect } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTH } from '@shopdesk/shared/constants';
import type { ShopUser } from '@shopdesk/shared/users/schemas';
import { sameAsRule } from '../../../lib/form-rules.ts';
import { useUserRules } from '../hooks/use-user-rules.ts';

/** The admin sets a new login password for a user; that user's sessions end. */
export function ResetPasswordDialog({ user, busy, onReset, onClose }: { user: ShopUser | null; busy: boolean; onReset: (user: ShopUser, password: string) => Promise<boolean>; onClose: () => void }) {
  const { t } = useTranslation('users');
  const rules = useUserRules();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);
  const submit = async () => {
    const values = await form.validateFields();
    if (user && (await onReset(user, values.password))) onClose();
  };
  return (
    <Modal
      open={user !== null}
      title={t('reset.title', { username: user?.username ?? '' })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('reset.confirm')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: busy, ...({ 'data-testid': 'reset-password-save' } as object) }}
      destroyOnHidden={false}
    >
      <Alert type="warning" showIcon message={t('reset.warning')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item name="password" label={t('reset.newPassword')} rules={rules.password} required>
          <Input.Password maxLength={AUTH.PASSWORD_MAX} autoComplete="new-password" data-testid="reset-password-input" />
        </Form.Item>
        <Form.Item name="confirm" label={t('reset.confirmPassword')} dependencies={['password']} rules={[{ required: true, message: t('common:validation.required') }, sameAsRule(() => form.getFieldValue('password'), t)]} required>
          <Input.Password maxLength={AUTH.PASSWORD_MAX} autoComplete="new-password" data-testid="reset-password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
