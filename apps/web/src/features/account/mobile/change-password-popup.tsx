import { Button, Form, Input, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { PasswordChange } from '../api/passwords.ts';
import { usePasswordChange } from '../hooks/use-password-change.ts';

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PasswordChange>();
  const change = usePasswordChange(form, onDone);
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={change.submit}
      data-testid="m-change-password-form"
      footer={<Button block type="submit" color="primary" size="large" loading={change.pending} data-testid="m-password-submit">{t('common:actions.confirm')}</Button>}
    >
      <Form.Header>{change.title}</Form.Header>
      {change.fields.map((field) => (
        <Form.Item key={field.name} required name={field.name} label={field.label} rules={field.rules} dependencies={field.name === 'confirmPassword' ? ['newPassword'] : undefined}>
          <Input type="password" maxLength={change.maxLength} autoComplete={field.autoComplete} placeholder={field.placeholder} data-testid={`m-${field.testId}`} />
        </Form.Item>
      ))}
    </Form>
  );
}

/** Login password change on the phone: a bottom sheet; success logs out after a short delay. */
export function ChangePasswordPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="m-sheet" showCloseButton>
      <ChangePasswordForm onDone={onClose} />
    </Popup>
  );
}
