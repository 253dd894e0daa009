import { Button, DotLoading, Form, Input, Popup, Selector } from 'antd-mobile';
import { Toast } from '../../../components/mobile/imperative.ts';
import { WALLET } from '@shopdesk/shared/constants';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import type { DepositAddress } from '@shopdesk/shared/wallet/transactions';
import { MobileErrorBlock } from '../../../components/mobile/error-block.tsx';
import { useDepositAction } from '../hooks/use-deposit-action.ts';
import { errorText } from '../../../lib/http.ts';
import { normalizeAmountText } from '../../../lib/amount-rules.ts';
import { SCREENSHOT_MAX_MB } from '../../../lib/screenshot-file.ts';
import { copyText } from '../../../lib/copy-text.ts';
import { useQrCode } from '../components/use-qr-code.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { ScreenshotPicker } from './screenshot-picker.tsx';

interface DepositValues {
  network: string[];
  amount: string;
  screenshot: File | null;
}

function AddressBlock({ address }: { address: DepositAddress }) {
  const { t } = useFormat('wallet');
  const qr = useQrCode(address.address, 150);
  const copy = async () => {
    const done = await copyText(address.address);
    Toast.show({ icon: done ? 'success' : 'fail', content: t(done ? 'deposit.copied' : 'deposit.copyFailed') });
  };
  return (
    <div className="m-deposit-address" data-testid="m-deposit-address-panel">
      <div className="m-deposit-qr">{qr ? <img src={qr} alt={t('deposit.qrAlt', { network: address.network })} data-testid="m-deposit-qr" /> : <DotLoading color="primary" />}</div>
      <div className="m-deposit-address-label">{t('deposit.addressLabel', { network: address.network })}</div>
      <div className="m-deposit-address-value" data-testid="m-deposit-address">
        {address.address}
      </div>
      <Button size="small" color="primary" fill="outline" onClick={() => void copy()} data-testid="m-deposit-copy">
        {t('actions.copy')}
      </Button>
      <div className="m-deposit-warning">{t('deposit.networkWarning', { network: address.network, currency: WALLET.CURRENCY })}</div>
    </div>
  );
}

type DepositAction = ReturnType<typeof useDepositAction>;

function DepositForm({ addresses, deposit, onDone }: { addresses: DepositAddress[]; deposit: DepositAction; onDone: () => void }) {
  const { t, usdt } = useFormat('wallet');
  const [form] = Form.useForm<DepositValues>();
  const failure = deposit.failure?.text ?? null;
  const network = Form.useWatch('network', form)?.[0] ?? addresses[0]?.network;
  const selected = addresses.find((a) => a.network === network);
  const min = deposit.minCents;

  const onFinish = async (values: DepositValues) => {
    const file = values.screenshot;
    const chosen = values.network?.[0];
    if (!file || !chosen) return;
    const result = await deposit.submit({ network: chosen, amount: values.amount, screenshot: file });
    if (!result?.ok) return;
    Toast.show({ icon: 'success', content: t('deposit.success') });
    onDone();
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ network: addresses[0] ? [addresses[0].network] : [], amount: '', screenshot: null }}
      onFinish={(values) => void onFinish(values)}
      data-testid="m-deposit-form"
      footer={
        <>
          {failure && (
            <div className="m-form-error" role="alert" data-testid="m-deposit-error">
              {failure}
            </div>
          )}
          <Button block type="submit" color="primary" size="large" loading={deposit.pending} disabled={deposit.pending} data-testid="m-deposit-submit">
            {t('actions.submitDeposit')}
          </Button>
        </>
      }
    >
      <Form.Header>{t('deposit.title')}</Form.Header>
      <Form.Item label={t('deposit.coin')}>
        <div className="m-static-value">{WALLET.CURRENCY}</div>
      </Form.Item>
      <Form.Item name="network" label={t('deposit.network')} rules={[{ required: true, type: 'array', min: 1, message: t('common:validation.required') }]}>
        <Selector columns={3} options={addresses.map((a) => ({ value: a.network, label: a.network }))} data-testid="m-deposit-network" />
      </Form.Item>
      {selected && (
        <Form.Item label={t('deposit.address')}>
          <AddressBlock address={selected} />
        </Form.Item>
      )}
      <Form.Item
        name="amount"
        label={t('deposit.amount')}
        required
        normalize={normalizeAmountText}
        description={t('deposit.minHint', { min: usdt(min) })}
        rules={[deposit.amountRule]}
        extra={<span className="m-unit">{WALLET.CURRENCY}</span>}
      >
        <Input inputMode="decimal" autoComplete="off" clearable placeholder={t('deposit.amountPlaceholder', { min: usdt(min) })} data-testid="m-deposit-amount" />
      </Form.Item>
      <Form.Item
        name="screenshot"
        label={t('deposit.screenshot')}
        description={t('deposit.screenshotHint', { max: SCREENSHOT_MAX_MB })}
        rules={[{ required: true, message: t('deposit.screenshotRequired') }]}
      >
        <ScreenshotPicker />
      </Form.Item>
      <div className="m-form-note">{t('deposit.reviewNote')}</div>
    </Form>
  );
}

/** Deposit on the phone, from /m/finance: the same rules as the desktop dialog. */
export function DepositPopup({ open, summary, onClose }: { open: boolean; summary: WalletSummary; onClose: () => void }) {
  const { t } = useFormat('wallet');
  const deposit = useDepositAction(summary, open);
  const { addresses } = deposit;
  const close = () => {
    if (deposit.pending) return;
    deposit.reset();
    onClose();
  };
  return (
    <Popup visible={open} onMaskClick={close} onClose={close} destroyOnClose bodyClassName="m-sheet m-deposit-sheet" showCloseButton data-testid="m-deposit-popup">
      {addresses.isPending ? (
        <div className="m-state">
          <DotLoading color="primary" />
        </div>
      ) : addresses.isError ? (
        <MobileErrorBlock status="default" title={t('common:states.loadFailed')} description={errorText(addresses.error, '')}>
          <Button size="small" color="primary" fill="outline" onClick={() => void addresses.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </MobileErrorBlock>
      ) : (
        <DepositForm addresses={addresses.data} deposit={deposit} onDone={close} />
      )}
    </Popup>
  );
}
