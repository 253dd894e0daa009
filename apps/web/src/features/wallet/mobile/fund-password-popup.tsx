import { Button, DotLoading, Form, Input, Popup, type InputProps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AUTH } from '@shopdesk/shared/constants';
import { plainFundPasswordSchema } from '@shopdesk/shared/auth/schemas';
import { MobileErrorBlock } from '../../../components/mobile/error-block.tsx';
import { digitsOnly, sameAsRule, zodRule } from '../../../lib/form-rules.ts';
import { notify } from '../../../lib/notifier.ts';
import { useMe } from '../../auth/api/me.ts';
import { isWrongOldPassword, useSaveFundPassword, type PasswordChange } from '../../account/api/passwords.ts';

const LENGTH = AUTH.FUND_PASSWORD_LENGTH;
const normalize = (value: unknown) => digitsOnly(value, LENGTH);

/** A password input for digits only; Form.Item passes value and onChange through. */
function FundInput({ testId, ...props }: InputProps & { testId: string }) {
  return <Input {...props} type="password" inputMode="numeric" pattern="[0-9]*" maxLength={LENGTH} autoComplete="off" data-testid={testId} />;
}

function FundPasswordForm({ mode, onDone }: { mode: 'set' | 'change'; onDone: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PasswordChange>();
  const mutation = useSaveFundPassword(mode);
  const rule = zodRule(plainFundPasswordSchema, t, { length: LENGTH });
  const placeholder = t('fund.placeholder', { length: LENGTH });
  const onFinish = (values: PasswordChange) =>
    mutation.mutate(values, {
      onSuccess: () => {
        notify.success(t(mode === 'set' ? 'fund.setSuccess' : 'fund.changeSuccess'));
        onDone();
      },
      onError: (error) => {
        if (isWrongOldPassword(error)) form.setFields([{ name: 'oldPassword', errors: [t('fund.wrongOld')] }]);
      },
    });
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={onFinish}
      data-testid="m-fund-password-form"
      footer={<Button block type="submit" color="primary" size="large" loading={mutation.isPending} data-testid="m-fund-submit">{t('common:actions.confirm')}</Button>}
    >
      <Form.Header>{t(mode === 'set' ? 'fund.setTitle' : 'fund.changeTitle')}</Form.Header>
      {mode === 'change' && (
        <Form.Item required name="oldPassword" label={t('fund.old')} rules={[rule]} normalize={normalize}>
          <FundInput testId="m-fund-old" placeholder={placeholder} />
        </Form.Item>
      )}
      <Form.Item required name="newPassword" label={t('fund.new')} rules={[rule]} normalize={normalize}>
        <FundInput testId="m-fund-new" placeholder={placeholder} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('fund.confirm')}
        dependencies={['newPassword']}
        normalize={normalize}
        rules={[{ required: true, message: t('common:validation.required') }, sameAsRule(() => form.getFieldValue('newPassword'), t)]}
      >
        <FundInput testId="m-fund-confirm" placeholder={placeholder} />
      </Form.Item>
    </Form>
  );
}

/** Fund password on the phone: set up the first time, changed with the original afterwards. */
export function FundPasswordPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const me = useMe();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="m-sheet" showCloseButton>
      {me.isPending ? (
        <div className="m-state"><DotLoading color="primary" /></div>
      ) : me.isError ? (
        <MobileErrorBlock status="default" title={t('states.loadFailed')} description="" />
      ) : (
        <FundPasswordForm mode={me.data.fundPasswordSet ? 'change' : 'set'} onDone={onClose} />
      )}
    </Popup>
  );
}
