import { useEffect, type ReactNode } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/error-text.ts';

export interface DecisionValues {
  reason?: string;
  payoutTxHash?: string;
}

export interface DecisionDialogProps {
  open: boolean;
  title: string;
  /** What is decided, in words: the row's amount, shop and address, so the operator confirms what they see. */
  summary: ReactNode;
  okText: string;
  danger?: boolean;
  /** Asks for a reason: 'required' for refusals (the seller reads it), 'optional' for a note. */
  reason?: 'required' | 'optional';
  /** Asks for the payout's transaction hash (a completed withdrawal). */
  txHash?: boolean;
  /** The reason field's label when it is not a refusal's reason (an appeal's answer). */
  reasonLabel?: string;
  pending: boolean;
  error: unknown;
  onConfirm: (values: DecisionValues) => void;
  onClose: () => void;
}

/** Every money decision of the console asks for confirmation here, with what it needs (reason, hash). */
export function DecisionDialog({ open, title, summary, okText, danger, reason, txHash, reasonLabel, pending, error, onConfirm, onClose }: DecisionDialogProps) {
  const { t } = useTranslation('ops');
  const [form] = Form.useForm<DecisionValues>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger, loading: pending, ...{ 'data-testid': 'ops-decision-ok' } }}
      onOk={() => void form.validateFields().then((values) => onConfirm({ reason: values.reason?.trim() || undefined, payoutTxHash: values.payoutTxHash?.trim() || undefined }))}
      onCancel={onClose}
      destroyOnHidden
      data-testid="ops-decision-dialog"
    >
      <div className="ops-decision-summary" data-testid="ops-decision-summary">
        {summary}
      </div>
      {error ? <Alert type="error" showIcon message={errorText(error, t)} style={{ marginBottom: 16 }} data-testid="ops-decision-error" /> : null}
      <Form form={form} layout="vertical" requiredMark={false}>
        {txHash && (
          <Form.Item
            name="payoutTxHash"
            label={t('money.txHash')}
            rules={[
              { required: true, whitespace: true, message: t('money.txHashRequired') },
              { pattern: /^\S{8,128}$/, message: t('money.txHashFormat') },
            ]}
          >
            <Input autoComplete="off" data-testid="ops-decision-txhash" />
          </Form.Item>
        )}
        {reason && (
          <Form.Item name="reason" label={reasonLabel ?? t(reason === 'required' ? 'money.reason' : 'money.note')} rules={[{ required: reason === 'required', whitespace: true, message: t('money.reasonRequired') }, { max: 500 }]}>
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="ops-decision-reason" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
