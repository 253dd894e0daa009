import { Alert, Button, Descriptions, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { AUTH } from '@shopdesk/shared/constants';
import { plainFundPasswordSchema } from '@shopdesk/shared/auth/schemas';
import type { OrderView } from '@shopdesk/shared/orders/schemas';
import { digitsOnly, zodRule } from '../../../lib/form-rules.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { usePurchaseAction } from '../hooks/use-purchase-action.ts';

const FUND_LENGTH = AUTH.FUND_PASSWORD_LENGTH;

/**
 * Purchase orders (one, or a selection: the batch purchase dialog). Shows what is available and
 * the total before confirming with the fund password; `usePurchaseAction` does the rest.
 */
export function PurchaseDialog({ orders, onClose }: { orders: OrderView[] | null; onClose: () => void }) {
  const open = orders !== null && orders.length > 0;
  const f = useFormat('orders');
  const { t } = f;
  const [form] = Form.useForm<{ fundPassword: string }>();
  const purchase = usePurchaseAction(orders);
  const { orders: list, answer, failure } = purchase;

  const close = () => {
    if (purchase.pending) return;
    purchase.reset();
    form.resetFields();
    onClose();
  };

  const submit = async ({ fundPassword }: { fundPassword: string }) => {
    const result = await purchase.submit(fundPassword);
    if (result && !result.ok && result.failure.kind === 'fundPassword') form.setFields([{ name: 'fundPassword', value: '', errors: [result.failure.text] }]);
  };

  const names = new Map(list.map((o) => [o.orderId, o.productName]));
  const rechargeLink = (
    <Link to="/wallet" onClick={close} data-testid="purchase-recharge">
      {t('purchase.recharge')}
    </Link>
  );

  return (
    <Modal
      open={open}
      title={list.length > 1 ? t('purchase.batchTitle', { count: list.length }) : t('purchase.title')}
      onCancel={close}
      maskClosable={!purchase.pending}
      width={600}
      destroyOnHidden
      footer={
        answer ? (
          <Button type="primary" onClick={close} data-testid="purchase-done">
            {t('common:actions.done')}
          </Button>
        ) : (
          <Space>
            <Button onClick={close} disabled={purchase.pending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="primary" loading={purchase.pending} disabled={!purchase.ready} onClick={() => form.submit()} data-testid="purchase-submit">
              {t('purchase.confirm')}
            </Button>
          </Space>
        )
      }
    >
      <div data-testid="purchase-dialog">
        <Descriptions bordered size="small" column={1} className="products-alert">
          <Descriptions.Item label={t('purchase.orders')}>{list.length === 1 ? list[0].orderId : t('purchase.orderCount', { count: list.length })}</Descriptions.Item>
          <Descriptions.Item label={t('purchase.total')}>
            <strong className="products-num" data-testid="purchase-total" data-cents={purchase.totalCents}>
              {f.usdt(purchase.totalCents)}
            </strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('purchase.available')}>
            {purchase.availableCents !== null ? (
              <span className="products-num" data-testid="purchase-available" data-cents={purchase.availableCents}>
                {f.usdt(purchase.availableCents)}
              </span>
            ) : (
              '…'
            )}
          </Descriptions.Item>
          {answer && (
            <Descriptions.Item label={t('purchase.availableAfter')}>
              <span className="products-num" data-testid="purchase-available-after" data-cents={answer.availableCents}>
                {f.usdt(answer.availableCents)}
              </span>
            </Descriptions.Item>
          )}
        </Descriptions>
        {!answer && purchase.short && (
          <Alert type="warning" showIcon className="products-alert" title={t('purchase.insufficient')} action={rechargeLink} data-testid="purchase-short" />
        )}
        {!answer && (
          <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={purchase.pending}>
            <Form.Item
              name="fundPassword"
              label={t('purchase.fundPassword')}
              required
              rules={[zodRule(plainFundPasswordSchema, t, { length: FUND_LENGTH })]}
              normalize={(v: unknown) => digitsOnly(v, FUND_LENGTH)}
            >
              <Input.Password
                inputMode="numeric"
                maxLength={FUND_LENGTH}
                autoComplete="off"
                prefix={<SafetyCertificateOutlined />}
                placeholder={t('purchase.fundPlaceholder', { length: FUND_LENGTH })}
                style={{ maxWidth: 340 }}
                data-testid="purchase-fund-password"
              />
            </Form.Item>
          </Form>
        )}
        {failure && failure.kind !== 'fundPassword' && (
          <Alert type="error" showIcon title={failure.text} action={failure.kind === 'insufficient' ? rechargeLink : undefined} data-testid="purchase-error" />
        )}
        {answer && (
          <>
            <Alert
              type={answer.failed === 0 ? 'success' : 'warning'}
              showIcon
              className="products-alert"
              title={t('purchase.summary', { ok: answer.purchased, failed: answer.failed, amount: f.usdt(answer.purchaseAmountCents) })}
              data-testid="purchase-summary"
            />
            {list.length > 1 && (
              <Table
                rowKey="orderId"
                size="small"
                dataSource={answer.results}
                pagination={answer.results.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                columns={[
                  { title: t('fields.orderId'), dataIndex: 'orderId', width: 200 },
                  { title: t('fields.product'), key: 'name', ellipsis: true, render: (_: unknown, r) => names.get(r.orderId) ?? '' },
                  {
                    title: t('purchase.result'),
                    key: 'result',
                    width: 200,
                    render: (_: unknown, r) => (r.ok ? <Tag color="success">{t('purchase.ok')}</Tag> : <Tag color="error">{r.msg}</Tag>),
                  },
                ]}
              />
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
