import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Result, Segmented, Select, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { AUTH, SHOP, WALLET } from '@shopdesk/shared/constants';
import { plainFundPasswordSchema } from '@shopdesk/shared/auth/schemas';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import type { WithdrawAnswer } from '@shopdesk/shared/wallet/transactions';
import { centsToDecimal } from '@shopdesk/shared/money';
import { formatDate } from '../../../lib/date-format.ts';
import { digitsOnly, zodRule } from '../../../lib/form-rules.ts';
import { FundPasswordDialog } from './fund-password-dialog.tsx';
import { useWithdrawAction } from '../hooks/use-withdraw-action.ts';
import { withdrawPreview } from '../amount-rules.ts';
import { normalizeAmountText } from '../../../lib/amount-rules.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { WithdrawPreviewPanel } from './withdraw-preview-panel.tsx';
import { useDialogTwin } from '../../../lib/dialog-twin.ts';

interface WithdrawValues {
  network: string;
  address: string;
  amount: string;
  fundPassword: string;
  code?: string;
}

type Step = { name: 'form' } | { name: 'confirm'; values: WithdrawValues } | { name: 'done'; answer: WithdrawAnswer; network: string; address: string };

const FUND_LENGTH = AUTH.FUND_PASSWORD_LENGTH;

/**
 * Withdrawal (SPEC §3, §5, §6, §9): USDT to a crypto wallet address on a chosen network, an amount
 * within the policy's limits, the fee and arrival amount shown live, the fund password, then a
 * confirm step before anything is sent. The amount moves from available to frozen.
 */
export function WithdrawDialog({ open, summary, onClose }: { open: boolean; summary: WalletSummary; onClose: () => void }) {
  // Narrowed past 768 px while open: the phone's withdraw page, not the wallet's twin.
  useDialogTwin(open, '/m/withdraw');
  const { t, usdt, rate, locale } = useFormat('wallet');
  const [form] = Form.useForm<WithdrawValues>();
  const withdraw = useWithdrawAction(summary);
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [fundDialog, setFundDialog] = useState(false);
  const amountText = Form.useWatch('amount', form);
  const network = Form.useWatch('network', form) ?? WALLET.NETWORKS[0];
  const options = withdraw.addressOptions(network);
  const { policy, block, noFundPassword } = withdraw;
  const preview = withdraw.preview(amountText);
  const all = withdraw.maxCents;
  const failure = withdraw.failure && withdraw.failure.kind !== 'fundPassword' ? withdraw.failure.text : null;
  const rules = {
    required: { required: true, message: t('common:validation.required') },
    ...withdraw.rules,
    fund: zodRule(plainFundPasswordSchema, t, { length: FUND_LENGTH }),
  };

  const close = () => {
    if (withdraw.pending) return;
    withdraw.reset();
    form.resetFields();
    setStep({ name: 'form' });
    onClose();
  };

  const send = async (values: WithdrawValues) => {
    const result = await withdraw.submit(values);
    if (!result) return;
    if (result.ok) {
      setStep({ name: 'done', answer: result.answer, network: values.network, address: values.address });
    } else if (result.failure.kind === 'fundPassword') {
      setStep({ name: 'form' });
      form.setFields([{ name: 'fundPassword', value: '', errors: [result.failure.text] }]);
    }
  };

  const blockedAlert =
    block === 'frozen' ? (
      <Alert type="error" showIcon title={t('alerts.frozenTitle')} description={t('alerts.frozenText')} data-testid="withdraw-blocked" />
    ) : block === 'credit' ? (
      <Alert type="error" showIcon title={t('alerts.creditTooLow', { score: summary.creditScore, min: SHOP.CREDIT_WITHDRAW_MIN })} data-testid="withdraw-blocked" />
    ) : null;

  const formStep = (
    <div hidden={step.name !== 'form'}>
      {blockedAlert}
      {noFundPassword && (
        <Alert
          type="warning"
          showIcon
          className="wallet-alert"
          title={t('withdraw.noFundPassword')}
          action={
            <Button size="small" onClick={() => setFundDialog(true)}>
              {t('withdraw.setFundPassword')}
            </Button>
          }
        />
      )}
      <Descriptions size="small" column={2} className="withdraw-facts">
        <Descriptions.Item label={t('withdraw.method')}>{t('withdraw.methodCrypto', { currency: WALLET.CURRENCY })}</Descriptions.Item>
        <Descriptions.Item label={t('cards.available')}>
          <span data-testid="withdraw-available">{usdt(summary.availableCents)}</span>
        </Descriptions.Item>
      </Descriptions>
      <Form.Item name="network" label={t('withdraw.network')} rules={[rules.required]}>
        <Segmented block aria-label={t('withdraw.network')} options={WALLET.NETWORKS.map((n) => ({ value: n, label: n }))} onChange={() => form.setFieldValue('address', undefined)} data-testid="withdraw-network" />
      </Form.Item>
      <Form.Item
        name="address"
        label={t('withdraw.address')}
        required
        rules={[rules.address]}
        extra={
          <>
            {!withdraw.addressesLoading && !options.some((o) => !o.disabled) && <span data-testid="withdraw-no-address">{t('withdraw.noUsableAddress')} </span>}
            <Link to="/account/security" onClick={close}>{t('withdraw.manageAddresses')}</Link>
          </>
        }
      >
        <Select
          loading={withdraw.addressesLoading}
          placeholder={t('withdraw.savedAddress')}
          options={options.map((o) => ({ value: o.value, disabled: o.disabled, label: o.disabled ? `${o.label} (${t('withdraw.usableFrom', { at: formatDate(o.usableAt, locale, 'minute') })})` : o.label }))}
          data-testid="withdraw-address"
        />
      </Form.Item>
      <Form.Item label={t('withdraw.amount')} required extra={t('withdraw.limits', { min: usdt(policy.minCents), max: usdt(policy.maxCents) })}>
        <Space.Compact block>
          <Form.Item name="amount" noStyle rules={[rules.amount]} normalize={normalizeAmountText}>
            <Input
              inputMode="decimal"
              autoComplete="off"
              suffix={WALLET.CURRENCY}
              placeholder={t('withdraw.amountPlaceholder', { min: usdt(policy.minCents) })}
              data-testid="withdraw-amount"
            />
          </Form.Item>
          <Button disabled={all === 0} onClick={() => void form.setFields([{ name: 'amount', value: centsToDecimal(all), errors: [] }])} data-testid="withdraw-all">
            {t('actions.all')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <WithdrawPreviewPanel preview={preview} feeBp={policy.feeBp} />
      <Form.Item
        name="fundPassword"
        label={t('withdraw.fundPassword')}
        required
        rules={[rules.fund]}
        normalize={(v: unknown) => digitsOnly(v, FUND_LENGTH)}
        className="withdraw-fund"
      >
        <Input.Password
          inputMode="numeric"
          maxLength={FUND_LENGTH}
          autoComplete="off"
          prefix={<SafetyCertificateOutlined aria-hidden />}
          placeholder={t('withdraw.fundPasswordPlaceholder', { length: FUND_LENGTH })}
          data-testid="withdraw-fund-password"
        />
      </Form.Item>
      {withdraw.needsCode && (
        <Form.Item name="code" label={t('withdraw.stepUpCode')} required rules={[withdraw.rules.code]} extra={t('withdraw.stepUpTitle')}>
          <Input autoComplete="one-time-code" data-testid="withdraw-code" />
        </Form.Item>
      )}
    </div>
  );

  const confirmValues = step.name === 'confirm' ? step.values : null;
  const confirmPreview = confirmValues ? withdrawPreview(confirmValues.amount, policy) : null;
  const confirmStep = confirmValues && confirmPreview && (
    <div data-testid="withdraw-confirm">
      <Typography.Paragraph>{t('withdraw.confirmLead')}</Typography.Paragraph>
      <Descriptions bordered size="small" column={1} className="withdraw-summary">
        <Descriptions.Item label={t('withdraw.method')}>{t('withdraw.methodCrypto', { currency: WALLET.CURRENCY })}</Descriptions.Item>
        <Descriptions.Item label={t('withdraw.network')}>{confirmValues.network}</Descriptions.Item>
        <Descriptions.Item label={t('withdraw.address')}>
          <Typography.Text copyable className="wallet-address-text" data-testid="confirm-address">
            {confirmValues.address}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('withdraw.amount')}>{usdt(confirmPreview.amountCents)}</Descriptions.Item>
        <Descriptions.Item label={t('withdraw.fee', { rate: rate(policy.feeBp) })}>{usdt(confirmPreview.feeCents)}</Descriptions.Item>
        <Descriptions.Item label={t('withdraw.arrival')}>
          <strong data-testid="confirm-arrival">{usdt(confirmPreview.arrivalCents)}</strong>
        </Descriptions.Item>
      </Descriptions>
      <Alert type="warning" showIcon className="wallet-alert" title={t('withdraw.confirmWarning')} />
      {failure && <Alert type="error" showIcon className="wallet-alert" title={failure} data-testid="withdraw-error" />}
    </div>
  );

  const doneStep = step.name === 'done' && (
    <Result
      status="success"
      title={t('withdraw.successTitle')}
      subTitle={t('withdraw.successText', { amount: usdt(step.answer.amountCents), hours: WALLET.ARRIVAL_HOURS })}
      data-testid="withdraw-done"
    >
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('withdraw.network')}>{step.network}</Descriptions.Item>
        <Descriptions.Item label={t('withdraw.amount')}>{usdt(step.answer.amountCents)}</Descriptions.Item>
        <Descriptions.Item label={t('withdraw.fee', { rate: rate(policy.feeBp) })}>{usdt(step.answer.feeCents)}</Descriptions.Item>
        <Descriptions.Item label={t('withdraw.arrival')}>
          <strong data-testid="done-arrival">{usdt(step.answer.arrivalCents)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.status')}>{t(`statuses.${step.answer.status}`, { defaultValue: step.answer.status })}</Descriptions.Item>
      </Descriptions>
    </Result>
  );

  const footer =
    step.name === 'form' ? (
      <Space>
        <Button onClick={close}>{t('common:actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" disabled={!withdraw.canWithdraw} data-testid="withdraw-next">
          {t('actions.next')}
        </Button>
      </Space>
    ) : step.name === 'confirm' ? (
      <Space>
        <Button disabled={withdraw.pending} onClick={() => setStep({ name: 'form' })} data-testid="withdraw-back">
          {t('actions.back')}
        </Button>
        <Button type="primary" danger loading={withdraw.pending} onClick={() => void send(step.values)} data-testid="withdraw-confirm-submit">
          {t('actions.confirmWithdraw')}
        </Button>
      </Space>
    ) : (
      <Button type="primary" onClick={close} data-testid="withdraw-done-close">
        {t('common:actions.done')}
      </Button>
    );

  return (
    <>
      <Modal
        open={open}
        title={t(step.name === 'confirm' ? 'withdraw.confirmTitle' : 'withdraw.title')}
        onCancel={close}
        width={580}
        footer={footer}
        mask={{ closable: false }}
        closable={!withdraw.pending}
        destroyOnHidden
        modalRender={(dom) => (
          <Form
            form={form}
            layout="vertical"
            initialValues={{ network: WALLET.NETWORKS[0] }}
            onFinish={(values) => {
              const request = withdraw.prepare(values);
              if (!request) return;
              withdraw.clearFailure();
              setStep({ name: 'confirm', values: request });
            }}
            data-testid="withdraw-form"
          >
            {dom}
          </Form>
        )}
      >
        {withdraw.checking ? (
          <Skeleton active />
        ) : (
          <>
            {formStep}
            {confirmStep}
            {doneStep}
          </>
        )}
      </Modal>
      <FundPasswordDialog open={fundDialog} onClose={() => setFundDialog(false)} />
    </>
  );
}
