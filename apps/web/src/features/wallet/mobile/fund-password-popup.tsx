import { Button, DotLoading, Form, Input, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MobileErrorBlock } from '../../../components/mobile/error-block.tsx';
import type { PasswordChange } from '../../account/api/passwords.ts';
import { useFundPasswordSetting } from '../hooks/use-fund-password-setting.ts';

function FundPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PasswordChange>();
  const fund = useFundPasswordSetting(form, onDone);
  if (fund.loading)
    return (
      <div className="m-state">
        <DotLoading color="primary" />
      </div>
    );
  if (fund.failed) return <MobileErrorBlock status="default" title={t('common:states.loadFailed')} description="" />;
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={fund.submit}
      data-testid="m-fund-password-form"
      footer={<Button block type="submit" color="primary" size="large" loading={fund.pending} data-testid="m-fund-submit">{t('common:actions.confirm')}</Button>}
    >
      <Form.Header>{fund.title}</Form.Header>
      {fund.fields.map((field) => (
        <Form.Item key={field.name} required name={field.name} label={field.label} rules={field.rules} normalize={fund.normalize} dependencies={field.name === 'confirmPassword' ? ['newPassword'] : undefined}>
          <Input type="password" inputMode="numeric" pattern="[0-9]*" maxLength={fund.length} autoComplete="off" placeholder={fund.placeholder} data-testid={`m-${field.testId}`} />
        </Form.Item>
      ))}
      {fund.code && (
        <Form.Item required name="code" label={fund.code.label} rules={fund.code.rules}>
          <Input autoComplete="one-time-code" data-testid={`m-${fund.code.testId}`} />
        </Form.Item>
      )}
    </Form>
  );
}

/** Fund password on the phone: set up the first time, changed with the original afterwards. */
export function FundPasswordPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="m-sheet" showCloseButton>
      <FundPasswordForm onDone={onClose} />
    </Popup>
  );
}
