import { Button, Form, Input, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AUTH } from '@shopdesk/shared/constants';
import { plainPasswordSchema } from '@shopdesk/shared/auth/schemas';
import { sameAsRule, zodRule } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notifier.ts';
import { isWrongOldPassword, useUpdateLoginPassword, type PasswordChange } from '../api/passwords.ts';
import { scheduleRelogin } from '../relogin.ts';

const lengths = { min: AUTH.PASSWORD_MIN, max: AUTH.PASSWORD_MAX };

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PasswordChange>();
  const mutation = useUpdateLoginPassword();
  const rule = zodRule(plainPasswordSchema, t, lengths);
  const onFinish = (values: PasswordChange) =>
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
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={onFinish}
      data-testid="m-change-password-form"
      footer={<Button block type="submit" color="primary" size="large" loading={mutation.isPending} data-testid="m-password-submit">{t('common:actions.confirm')}</Button>}
    >
      <Form.Header>{t('password.title')}</Form.Header>
      <Form.Item required name="oldPassword" label={t('password.old')} rules={[rule]}>
        <Input type="password" maxLength={AUTH.PASSWORD_MAX} autoComplete="current-password" placeholder={t('password.oldPlaceholder')} data-testid="m-old-password" />
      </Form.Item>
      <Form.Item required name="newPassword" label={t('password.new')} rules={[rule]}>
        <Input type="password" maxLength={AUTH.PASSWORD_MAX} autoComplete="new-password" placeholder={t('password.newPlaceholder')} data-testid="m-new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[{ required: true, message: t('common:validation.required') }, sameAsRule(() => form.getFieldValue('newPassword'), t)]}
      >
        <Input type="password" maxLength={AUTH.PASSWORD_MAX} autoComplete="new-password" placeholder={t('password.confirmPlaceholder')} data-testid="m-confirm-password" />
      </Form.Item>
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
