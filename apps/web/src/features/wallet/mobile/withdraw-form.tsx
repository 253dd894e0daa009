import { useState } from 'react';
import { Button, Form, Input, NoticeBar, Result, Selector } from 'antd-mobile';
import { Dialog } from '../../../components/mobile/imperative.ts';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { Link, useNavigate } from 'react-router';
import { AUTH, WALLET } from '@shopdesk/shared/constants';
import { centsToDecimal } from '@shopdesk/shared/money';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import type { WithdrawAnswer } from '@shopdesk/shared/wallet/transactions';
import { formatDate } from '../../../lib/date-format.ts';
import { digitsOnly, zodRule } from '../../../lib/form-rules.ts';
import { plainFundPasswordSchema } from '@shopdesk/shared/auth/schemas';
import { FundPasswordPopup } from './fund-password-popup.tsx';
import { useWithdrawAction } from '../hooks/use-withdraw-action.ts';
import { normalizeAmountText } from '../../../lib/amount-rules.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useWalletNotices } from '../hooks/use-wallet-screen.ts';
import { AccessiblePasscodeInput } from '../../../components/mobile/passcode-input.tsx';

interface WithdrawValues {
  network: string[];
  address: string;
  amount: string;
  fundPassword: string;
  code?: string;
}

/** The saved address to withdraw to, one of the book's (form value: the address). */
function AddressChoice({ value, onChange, options }: { value?: string; onChange?: (value: string) => void; options: { value: string; label: string; disabled: boolean }[] }) {
  return <Selector columns={1} options={options} value={value ? [value] : []} onChange={(v) => onChange?.(v[0] ?? '')} data-testid="m-withdraw-address" />;
}

const FUND_LENGTH = AUTH.FUND_PASSWORD_LENGTH;

function Row({ label, value, testId, strong }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <div className={strong ? 'm-preview-row m-preview-strong' : 'm-preview-row'}>
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </div>
  );
}

function Done({ answer, network, feeBp }: { answer: WithdrawAnswer; network: string; feeBp: number }) {
  const { t, usdt, rate, statusLabel } = useFormat('wallet');
  const navigate = useNavigate();
  return (
    <div className="m-withdraw-done" data-testid="m-withdraw-done">
      <Result status="success" title={t('withdraw.successTitle')} description={t('withdraw.successText', { amount: usdt(answer.amountCents), hours: WALLET.ARRIVAL_HOURS })} />
      <div className="m-preview">
        <Row label={t('withdraw.network')} value={network} />
        <Row label={t('withdraw.amount')} value={usdt(answer.amountCents)} />
        <Row label={t('withdraw.fee', { rate: rate(feeBp) })} value={usdt(answer.feeCents)} />
        <Row label={t('withdraw.arrival')} value={usdt(answer.arrivalCents)} testId="m-done-arrival" strong />
        <Row label={t('columns.status')} value={statusLabel(answer.status)} />
      </div>
      <div className="m-actions">
        <Button block color="primary" size="large" onClick={() => void navigate('/m/payment-history', { replace: true })} data-testid="m-withdraw-payment-history">
          {t('actions.viewPaymentHistory')}
        </Button>
        <Button block size="large" onClick={() => void navigate('/m/finance', { replace: true })}>
          {t('common:actions.done')}
        </Button>
      </div>
    </div>
  );
}

/** The withdrawal form as a page (/m/withdraw): same rules, fee preview and confirm as on desktop. */
export function MobileWithdrawForm({ summary }: { summary: WalletSummary }) {
  const { t, usdt, rate, locale } = useFormat('wallet');
  const [form] = Form.useForm<WithdrawValues>();
  const withdraw = useWithdrawAction(summary);
  const notices = useWalletNotices(summary);
  const [fundPopup, setFundPopup] = useState(false);
  const amountText = Form.useWatch('amount', form);
  const network = Form.useWatch('network', form)?.[0] ?? WALLET.NETWORKS[0];
  const options = withdraw.addressOptions(network).map((o) => ({ ...o, label: o.disabled ? `${o.label} (${t('withdraw.usableFrom', { at: formatDate(o.usableAt, locale, 'minute') })})` : o.label }));
  const { policy, block, noFundPassword, answer } = withdraw;
  const preview = withdraw.preview(amountText);
  const all = withdraw.maxCents;
  const failure = withdraw.failure && withdraw.failure.kind !== 'fundPassword' ? withdraw.failure.text : null;
  const dash = '—';

  if (answer) return <Done answer={answer} network={withdraw.answered?.network ?? ''} feeBp={policy.feeBp} />;

  const submit = async (values: WithdrawValues) => {
    const body = withdraw.prepare({ ...values, network: values.network[0] ?? '' });
    if (!body) return;
    const money = body.preview;
    const confirmed = await Dialog.confirm({
      title: t('withdraw.confirmTitle'),
      confirmText: t('actions.confirmWithdraw'),
      cancelText: t('common:actions.cancel'),
      content: (
        <div className="m-preview m-confirm" data-testid="m-withdraw-confirm">
          <Row label={t('withdraw.network')} value={body.network} />
          <div className="m-confirm-address">
            <span>{t('withdraw.address')}</span>
            <span>{body.address}</span>
          </div>
          <Row label={t('withdraw.amount')} value={usdt(money.amountCents)} />
          <Row label={t('withdraw.fee', { rate: rate(policy.feeBp) })} value={usdt(money.feeCents)} />
          <Row label={t('withdraw.arrival')} value={usdt(money.arrivalCents)} strong />
          <div className="m-confirm-warning">{t('withdraw.confirmWarning')}</div>
        </div>
      ),
    });
    if (!confirmed) return;
    const result = await withdraw.submit(body);
    if (result && !result.ok && result.failure.kind === 'fundPassword') form.setFields([{ name: 'fundPassword', value: '', errors: [result.failure.text] }]);
  };

  return (
    <>
      {block === 'frozen' && <NoticeBar color="error" wrap content={notices.frozenLine} data-testid="m-withdraw-blocked" />}
      {block === 'credit' && <NoticeBar color="error" wrap content={notices.creditTooLow} data-testid="m-withdraw-blocked" />}
      {noFundPassword && (
        <NoticeBar
          color="alert"
          wrap
          content={t('withdraw.noFundPassword')}
          extra={
            <button type="button" className="m-link-button" onClick={() => setFundPopup(true)}>
              {t('withdraw.setFundPassword')}
            </button>
          }
        />
      )}
      <div className="m-available" data-testid="m-withdraw-available-card">
        <span>{t('cards.available')}</span>
        <strong data-testid="m-withdraw-available" data-cents={summary.availableCents}>
          {usdt(summary.availableCents)}
        </strong>
      </div>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ network: [WALLET.NETWORKS[0]], address: '', amount: '', fundPassword: '' }}
        onFinish={(values) => void submit(values)}
        data-testid="m-withdraw-form"
        footer={
          <>
            {failure && (
              <div className="m-form-error" role="alert" data-testid="m-withdraw-error">
                {failure}
              </div>
            )}
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              loading={withdraw.pending}
              disabled={withdraw.pending || !withdraw.canWithdraw}
              data-testid="m-withdraw-submit"
            >
              {t('actions.withdraw')}
            </Button>
          </>
        }
      >
        <Form.Item label={t('withdraw.method')}>
          <div className="m-static-value">{t('withdraw.methodCrypto', { currency: WALLET.CURRENCY })}</div>
        </Form.Item>
        <Form.Item name="network" label={t('withdraw.network')} rules={[{ required: true, type: 'array', min: 1, message: t('common:validation.required') }]}>
          <Selector columns={3} options={WALLET.NETWORKS.map((n) => ({ value: n, label: n }))} onChange={() => form.setFieldValue('address', '')} data-testid="m-withdraw-network" />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('withdraw.address')}
          required
          rules={[withdraw.rules.address]}
          description={
            <>
              {!withdraw.addressesLoading && !options.some((o) => !o.disabled) && `${t('withdraw.noUsableAddress')} `}
              <Link to="/m/security">{t('withdraw.manageAddresses')}</Link>
            </>
          }
        >
          <AddressChoice options={options} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('withdraw.amount')}
          required
          normalize={normalizeAmountText}
          description={t('withdraw.limits', { min: usdt(policy.minCents), max: usdt(policy.maxCents) })}
          extra={
            <button type="button" className="m-link-button" disabled={all === 0} onClick={() => form.setFieldValue('amount', centsToDecimal(all))} data-testid="m-withdraw-all">
              {t('actions.all')}
            </button>
          }
          rules={[withdraw.rules.amount]}
        >
          <Input inputMode="decimal" autoComplete="off" clearable placeholder={t('withdraw.amountPlaceholder', { min: usdt(policy.minCents) })} data-testid="m-withdraw-amount" />
        </Form.Item>
        <div className="m-preview m-withdraw-preview" data-testid="m-withdraw-preview">
          <Row label={t('withdraw.fee', { rate: rate(policy.feeBp) })} value={preview ? usdt(preview.feeCents) : dash} testId="m-preview-fee" />
          <Row label={t('withdraw.arrival')} value={preview ? usdt(preview.arrivalCents) : dash} testId="m-preview-arrival" strong />
          <div className="m-preview-time">
            <ClockCircleOutline /> {t('withdraw.arrivalTime', { hours: WALLET.ARRIVAL_HOURS })}
          </div>
        </div>
        <Form.Item
          name="fundPassword"
          label={t('withdraw.fundPassword')}
          required
          normalize={(v: unknown) => digitsOnly(v, FUND_LENGTH)}
          rules={[zodRule(plainFundPasswordSchema, t, { length: FUND_LENGTH })]}
        >
          <AccessiblePasscodeInput label={t('withdraw.fundPassword')} length={FUND_LENGTH} seperated data-testid="m-withdraw-fund-password" />
        </Form.Item>
        {withdraw.needsCode && (
          <Form.Item name="code" label={t('withdraw.stepUpCode')} required rules={[withdraw.rules.code]} description={t('withdraw.stepUpTitle')}>
            <Input autoComplete="one-time-code" data-testid="m-withdraw-code" />
          </Form.Item>
        )}
      </Form>
      <FundPasswordPopup open={fundPopup} onClose={() => setFundPopup(false)} />
    </>
  );
}
