import { useEffect } from 'react';
import { Alert, App, Button, Form, Input, Modal, Select, Skeleton, Typography, Upload, type UploadFile } from 'antd';
import { CopyOutlined, UploadOutlined } from '@ant-design/icons';
import { WALLET } from '@shopdesk/shared/constants';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import { useDepositAction } from '../hooks/use-deposit-action.ts';
import { errorText } from '../../../lib/http.ts';
import { normalizeAmountText } from '../../../lib/amount-rules.ts';
import { checkScreenshotFile, SCREENSHOT_ACCEPT, SCREENSHOT_MAX_MB } from '../../../lib/screenshot-file.ts';
import { copyText } from '../../../lib/copy-text.ts';
import { useQrCode } from '../components/use-qr-code.ts';
import { useFormat } from '../../../lib/use-format.ts';

interface DepositValues {
  network: string;
  amount: string;
  screenshot: UploadFile[];
}

function AddressPanel({ address, network }: { address: string; network: string }) {
  const { t } = useFormat('wallet');
  const { message } = App.useApp();
  const qr = useQrCode(address);
  const copy = async () => {
    if (await copyText(address)) void message.success(t('deposit.copied'));
    else void message.error(t('deposit.copyFailed'));
  };
  return (
    <div className="deposit-address" data-testid="deposit-address-panel">
      <div className="deposit-qr">{qr ? <img src={qr} alt={t('deposit.qrAlt', { network })} width={148} height={148} data-testid="deposit-qr" /> : <Skeleton.Image active />}</div>
      <div className="deposit-address-text">
        <Typography.Text type="secondary">{t('deposit.addressLabel', { network })}</Typography.Text>
        <Typography.Paragraph className="deposit-address-value" data-testid="deposit-address">
          {address}
        </Typography.Paragraph>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()} data-testid="deposit-copy">
          {t('actions.copy')}
        </Button>
        <Typography.Paragraph type="warning" className="deposit-address-warning">
          {t('deposit.networkWarning', { network, currency: WALLET.CURRENCY })}
        </Typography.Paragraph>
      </div>
    </div>
  );
}

/**
 * Deposit (SPEC §3, §5): USDT on a chosen network to the platform's address (copy + QR), the
 * amount (at least the minimum, 2 decimals) and the payment screenshot (JPG/PNG/PDF, ≤ 5 MB).
 * The request waits for the platform's review; the balance changes once it is approved.
 */
export function DepositDialog({ open, summary, onClose }: { open: boolean; summary: WalletSummary; onClose: () => void }) {
  const { t, usdt } = useFormat('wallet');
  const { message } = App.useApp();
  const [form] = Form.useForm<DepositValues>();
  const deposit = useDepositAction(summary, open);
  const { addresses, amountRule } = deposit;
  const failure = deposit.failure?.text ?? null;
  const network = Form.useWatch('network', form);
  const selected = addresses.data?.find((a) => a.network === network);
  const min = deposit.minCents;
  const initialNetwork = addresses.data?.[0]?.network;

  // The first network is chosen once the addresses arrive (the form may open before they do).
  useEffect(() => {
    if (open && initialNetwork && !form.getFieldValue('network')) form.setFieldValue('network', initialNetwork);
  }, [open, initialNetwork, form]);

  const close = () => {
    if (deposit.pending) return;
    deposit.reset();
    form.resetFields();
    onClose();
  };

  const onFinish = async (values: DepositValues) => {
    const file = values.screenshot[0]?.originFileObj;
    if (!file) return;
    const result = await deposit.submit({ network: values.network, amount: values.amount, screenshot: file });
    if (!result?.ok) return;
    void message.success(t('deposit.success'));
    deposit.reset();
    form.resetFields();
    onClose();
  };

  const body = addresses.isPending ? (
    <Skeleton active />
  ) : addresses.isError ? (
    <Alert type="error" showIcon title={errorText(addresses.error, t('common:states.loadFailed'))} action={<Button size="small" onClick={() => void addresses.refetch()}>{t('common:actions.retry')}</Button>} />
  ) : (
    <>
      <div className="wallet-form-row">
        <Form.Item label={t('deposit.coin')} htmlFor="deposit-coin" className="wallet-form-col">
          <Select id="deposit-coin" value={WALLET.CURRENCY} options={[{ value: WALLET.CURRENCY, label: WALLET.CURRENCY }]} disabled data-testid="deposit-coin" />
        </Form.Item>
        <Form.Item name="network" label={t('deposit.network')} rules={[{ required: true, message: t('common:validation.required') }]} className="wallet-form-col">
          <Select options={addresses.data.map((a) => ({ value: a.network, label: a.network }))} data-testid="deposit-network" />
        </Form.Item>
      </div>
      {selected && <AddressPanel address={selected.address} network={selected.network} />}
      <Form.Item
        name="amount"
        label={t('deposit.amount')}
        required
        rules={[amountRule]}
        normalize={normalizeAmountText}
        extra={t('deposit.minHint', { min: usdt(min) })}
      >
        <Input inputMode="decimal" autoComplete="off" suffix={WALLET.CURRENCY} placeholder={t('deposit.amountPlaceholder', { min: usdt(min) })} data-testid="deposit-amount" />
      </Form.Item>
      <Form.Item
        name="screenshot"
        label={t('deposit.screenshot')}
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
        rules={[{ required: true, type: 'array', min: 1, message: t('deposit.screenshotRequired') }]}
        extra={t('deposit.screenshotHint', { max: SCREENSHOT_MAX_MB })}
      >
        <Upload
          accept={SCREENSHOT_ACCEPT}
          maxCount={1}
          listType="picture"
          beforeUpload={(file) => {
            const issue = checkScreenshotFile(file);
            if (issue) {
              void message.error(t(`file.${issue}`, { max: SCREENSHOT_MAX_MB }));
              return Upload.LIST_IGNORE;
            }
            return false;
          }}
          data-testid="deposit-screenshot"
        >
          <Button icon={<UploadOutlined aria-hidden />}>{t('actions.chooseFile')}</Button>
        </Upload>
      </Form.Item>
      <Typography.Paragraph type="secondary" className="wallet-note">
        {t('deposit.reviewNote')}
      </Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} data-testid="deposit-error" />}
    </>
  );

  return (
    <Modal
      open={open}
      title={t('deposit.title')}
      onCancel={close}
      width={560}
      okText={t('actions.submitDeposit')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: deposit.pending, disabled: !addresses.data, 'data-testid': 'deposit-submit' } }
      cancelButtonProps={{ disabled: deposit.pending }}
      mask={{ closable: !deposit.pending }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form
          form={form}
          layout="vertical"
          requiredMark
          initialValues={{ network: initialNetwork, screenshot: [] }}
          onFinish={(values) => void onFinish(values)}
          data-testid="deposit-form"
        >
          {dom}
        </Form>
      )}
    >
      {body}
    </Modal>
  );
}
