import { Form, Input, Modal, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PasswordChange } from '../../account/api/passwords.ts';
import { useFundPasswordSetting } from '../hooks/use-fund-password-setting.ts';

/**
 * Fund password (SPEC §4–§5): exactly 6 digits, entered twice. Set up the first time, changed with
 * the original afterwards; no logout on success.
 */
export function FundPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PasswordChange>();
  const fund = useFundPasswordSetting(form, onClose);

  const body = fund.loading ? (
    <Skeleton active />
  ) : fund.failed ? (
    <Result status="warning" subTitle={t('common:states.loadFailed')} />
  ) : (
    <>
      <Typography.Paragraph type="secondary">{fund.hint}</Typography.Paragraph>
      {fund.fields.map((field) => (
        <Form.Item key={field.name} required name={field.name} label={field.label} rules={field.rules} normalize={fund.normalize} dependencies={field.name === 'confirmPassword' ? ['newPassword'] : undefined}>
          <Input.Password inputMode="numeric" maxLength={fund.length} autoComplete={field.autoComplete} data-testid={field.testId} />
        </Form.Item>
      ))}
      {fund.code && (
        <Form.Item required name="code" label={fund.code.label} rules={fund.code.rules}>
          <Input autoComplete="one-time-code" data-testid={fund.code.testId} />
        </Form.Item>
      )}
    </>
  );

  return (
    <Modal
      open={open}
      title={fund.title}
      onCancel={onClose}
      okText={t('common:actions.confirm')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: fund.pending, disabled: !fund.ready, 'data-testid': 'fund-submit' }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form form={form} layout="vertical" clearOnDestroy onFinish={fund.submit} data-testid="fund-password-form">
          {dom}
        </Form>
      )}
    >
      {body}
    </Modal>
  );
}
