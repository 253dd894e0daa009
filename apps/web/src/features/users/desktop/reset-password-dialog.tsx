import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShopUser } from '@shopdesk/shared/users/schemas';
import { useResetPasswordForm } from '../hooks/use-user-forms.ts';

/** The admin sets a new login password for a user; that user's sessions end. */
export function ResetPasswordDialog({ user, busy, onReset, onClose }: { user: ShopUser | null; busy: boolean; onReset: (user: ShopUser, password: string) => Promise<boolean>; onClose: () => void }) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const reset = useResetPasswordForm(form, { user, onReset, onClose });
  return (
    <Modal
      open={user !== null}
      title={reset.title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={reset.submitText}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: busy, ...({ 'data-testid': 'reset-password-save' } as object) }}
      destroyOnHidden={false}
    >
      <Alert type="warning" showIcon message={reset.warning} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(values) => void reset.submit(values)}>
        {reset.fields.map((field) => (
          <Form.Item key={field.name} name={field.name} label={field.label} rules={field.rules} dependencies={field.name === 'confirm' ? ['password'] : undefined} required>
            <Input.Password maxLength={reset.maxLength} autoComplete="new-password" data-testid={field.testId} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
