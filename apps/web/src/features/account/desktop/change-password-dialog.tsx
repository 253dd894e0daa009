import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTH } from '@shopdesk/shared/constants';
import { plainPasswordSchema } from '@shopdesk/shared/auth/schemas';
import { sameAsRule, zodRule } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notifier.ts';
import { isWrongOldPassword, useUpdateLoginPassword, type PasswordChange } from '../api/passwords.ts';
import { scheduleRelogin } from '../relogin.ts';

const lengths = { min: AUTH.PASSWORD_MIN, max: AUTH.PASSWORD_MAX };

/** Login password change (SPEC §4–§5): success logs the user out after a short delay. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PasswordChange>();
  const mutation = useUpdateLoginPassword();
  const passwordRule = zodRule(plainPasswordSchema, t, lengths);

  const onFinish = (values: PasswordChange) => {
    mutation.mutate(values, {
      onSuccess: () => {
        notify.success(t('password.success'));
        onClose();
        scheduleRelogin();
      },
      onError: (error) => {
        if (isWrongOldPassword(error)) form.setFields([{ name: 'oldPassword', errors: [t('password.wrongOld')] }]);
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('password.title')}
      onCancel={onClose}
      okText={t('common:actions.confirm')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: mutation.isPending, 'data-testid': 'password-submit' }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form form={form} layout="vertical" clearOnDestroy onFinish={onFinish} data-testid="change-password-form">
          {dom}
        </Form>
      )}
    >
      <Form.Item required name="oldPassword" label={t('password.old')} rules={[passwordRule]}>
        <Input.Password autoComplete="current-password" maxLength={AUTH.PASSWORD_MAX} data-testid="old-password" />
      </Form.Item>
      <Form.Item required name="newPassword" label={t('password.new')} rules={[passwordRule]}>
        <Input.Password autoComplete="new-password" maxLength={AUTH.PASSWORD_MAX} data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[{ required: true, message: t('common:validation.required') }, sameAsRule(() => form.getFieldValue('newPassword'), t)]}
      >
        <Input.Password autoComplete="new-password" maxLength={AUTH.PASSWORD_MAX} data-testid="confirm-password" />
      </Form.Item>
    </Modal>
  );
}
