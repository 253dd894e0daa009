import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PasswordChange } from '../api/passwords.ts';
import { usePasswordChange } from '../hooks/use-password-change.ts';

/** Login password change (SPEC §4–§5): success logs the user out after a short delay. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PasswordChange>();
  const change = usePasswordChange(form, onClose);

  return (
    <Modal
      open={open}
      title={change.title}
      onCancel={onClose}
      okText={t('common:actions.confirm')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: change.pending, 'data-testid': 'password-submit' }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form form={form} layout="vertical" clearOnDestroy onFinish={change.submit} data-testid="change-password-form">
          {dom}
        </Form>
      )}
    >
      {change.fields.map((field) => (
        <Form.Item key={field.name} required name={field.name} label={field.label} rules={field.rules} dependencies={field.name === 'confirmPassword' ? ['newPassword'] : undefined}>
          <Input.Password autoComplete={field.autoComplete} maxLength={change.maxLength} data-testid={field.testId} />
        </Form.Item>
      ))}
    </Modal>
  );
}
