import { Form, Input, Modal, Result, Skeleton, Typography, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTH } from '@shopdesk/shared/constants';
import { plainFundPasswordSchema } from '@shopdesk/shared/auth/schemas';
import { digitsOnly, sameAsRule, zodRule } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notifier.ts';
import { useMe } from '../../auth/api/me.ts';
import { isWrongOldPassword, useSaveFundPassword, type PasswordChange } from '../../account/api/passwords.ts';

const LENGTH = AUTH.FUND_PASSWORD_LENGTH;

/** A password input for digits only; Form.Item passes value and onChange through. */
function FundInput({ testId, ...props }: InputProps & { testId: string }) {
  return <Input.Password {...props} inputMode="numeric" maxLength={LENGTH} data-testid={testId} />;
}

/**
 * Fund password (SPEC §4–§5): exactly 6 digits, entered twice. Set up the first time
 * (`me.fundPasswordSet` false), changed with the original afterwards; no logout on success.
 */
export function FundPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const me = useMe();
  const mode = me.data?.fundPasswordSet === false ? 'set' : 'change';
  const [form] = Form.useForm<PasswordChange>();
  const mutation = useSaveFundPassword(mode);
  const fundRule = zodRule(plainFundPasswordSchema, t, { length: LENGTH });
  const normalize = (value: unknown) => digitsOnly(value, LENGTH);

  const onFinish = (values: PasswordChange) => {
    mutation.mutate(values, {
      onSuccess: () => {
        notify.success(t(mode === 'set' ? 'fund.setSuccess' : 'fund.changeSuccess'));
        onClose();
      },
      onError: (error) => {
        if (isWrongOldPassword(error)) form.setFields([{ name: 'oldPassword', errors: [t('fund.wrongOld')] }]);
      },
    });
  };

  const body = me.isPending ? (
    <Skeleton active />
  ) : me.isError ? (
    <Result status="warning" subTitle={t('common:states.loadFailed')} />
  ) : (
    <>
      <Typography.Paragraph type="secondary">{t('fund.hint', { length: LENGTH })}</Typography.Paragraph>
      {mode === 'change' && (
        <Form.Item required name="oldPassword" label={t('fund.old')} rules={[fundRule]} normalize={normalize}>
          <FundInput testId="fund-old" autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item required name="newPassword" label={t('fund.new')} rules={[fundRule]} normalize={normalize}>
        <FundInput testId="fund-new" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('fund.confirm')}
        dependencies={['newPassword']}
        normalize={normalize}
        rules={[{ required: true, message: t('common:validation.required') }, sameAsRule(() => form.getFieldValue('newPassword'), t)]}
      >
        <FundInput testId="fund-confirm" autoComplete="new-password" />
      </Form.Item>
    </>
  );

  return (
    <Modal
      open={open}
      title={t(mode === 'set' ? 'fund.setTitle' : 'fund.changeTitle')}
      onCancel={onClose}
      okText={t('common:actions.confirm')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: mutation.isPending, disabled: !me.data, 'data-testid': 'fund-submit' }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form form={form} layout="vertical" clearOnDestroy onFinish={onFinish} data-testid="fund-password-form">
          {dom}
        </Form>
      )}
    >
      {body}
    </Modal>
  );
}
