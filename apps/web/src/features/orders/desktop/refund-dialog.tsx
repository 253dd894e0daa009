import { Alert, Button, Descriptions, Form, Input, Modal, Radio, Space } from 'antd';
import type { OrderView } from '@shopdesk/shared/orders/schemas';
import { useFormat } from '../../../lib/use-format.ts';
import { useRefundDecision } from '../hooks/use-refund-decision.ts';
import { OrderLine } from '../components/order-line.tsx';
import { graphemeLimit } from '../../../lib/text-limit.ts';

/** Approve or reject a refund request; a reason is required to reject (SPEC §2 dialogs, §4). */
export function RefundDialog({ order, onClose }: { order: OrderView | null; onClose: () => void }) {
  const f = useFormat('orders');
  const { t } = f;
  const [form] = Form.useForm<{ decision: 'approve' | 'reject'; rejectReason?: string }>();
  const decision = Form.useWatch('decision', form);
  const refund = useRefundDecision(order);
  const done = refund.outcome;
  const failure = refund.failure?.text ?? null;

  const close = () => {
    if (refund.pending) return;
    refund.reset();
    form.resetFields();
    onClose();
  };

  const submit = (v: { decision: 'approve' | 'reject'; rejectReason?: string }) => void refund.decide(v.decision === 'approve', v.rejectReason);

  return (
    <Modal
      open={order !== null}
      title={t('refund.title')}
      onCancel={close}
      width={580}
      destroyOnHidden
      footer={
        done ? (
          <Button type="primary" onClick={close} data-testid="refund-done">
            {t('common:actions.done')}
          </Button>
        ) : (
          <Space>
            <Button onClick={close} disabled={refund.pending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="primary" danger={decision === 'reject'} loading={refund.pending} onClick={() => form.submit()} data-testid="refund-submit">
              {decision === 'reject' ? t('refund.reject') : t('refund.approve')}
            </Button>
          </Space>
        )
      }
    >
      {order && (
        <div data-testid="refund-dialog">
          <Descriptions bordered size="small" column={1} className="products-alert">
            <Descriptions.Item label={t('fields.orderId')}>{order.orderId}</Descriptions.Item>
            <Descriptions.Item label={t('fields.product')}>
              <OrderLine line={order} detail />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.amount')}>{f.usdt(order.amountCents)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.purchaseAmount')}>{f.usdt(order.purchaseAmountCents)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.refundReason')}>{order.refundReason ? t(`reasons.${order.refundReason}`) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.refundNote')}>{order.refundNote || '—'}</Descriptions.Item>
          </Descriptions>
          {done ? (
            <Alert type="success" showIcon title={refund.outcomeText(done)} data-testid="refund-result" />
          ) : (
            <Form form={form} layout="vertical" initialValues={{ decision: 'approve' }} onFinish={submit} disabled={refund.pending}>
              <Form.Item name="decision" label={t('refund.decision')}>
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  options={[
                    { value: 'approve', label: <span data-testid="refund-approve">{t('refund.approve')}</span> },
                    { value: 'reject', label: <span data-testid="refund-reject">{t('refund.reject')}</span> },
                  ]}
                />
              </Form.Item>
              {decision === 'reject' ? (
                <Form.Item
                  name="rejectReason"
                  label={t('refund.rejectReason')}
                  rules={[refund.reasonRule]}
                >
                  <Input.TextArea rows={3} count={graphemeLimit(refund.reasonMax).count} data-testid="refund-reject-reason" />
                </Form.Item>
              ) : (
                <Alert type="info" showIcon title={refund.approveText} data-testid="refund-approve-hint" />
              )}
            </Form>
          )}
          {failure && <Alert type="error" showIcon className="products-alert" title={failure} data-testid="refund-error" />}
        </div>
      )}
    </Modal>
  );
}
