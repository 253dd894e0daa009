import { Alert, Descriptions, Form, Table, Tag } from 'antd';
import { Link } from 'react-router';
import type { OrderView } from '@shopdesk/shared/orders/schemas';
import { MoneyDialog } from '../../../components/desktop/money-dialog.tsx';
import { FundPasswordItem } from '../../../components/desktop/fund-password-item.tsx';
import { useFundPasswordForm } from '../../../components/desktop/use-fund-password-form.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { usePurchaseAction } from '../hooks/use-purchase-action.ts';
import { OrderLine } from '../components/order-line.tsx';

/**
 * Purchase orders (one, or a selection: the batch purchase dialog). Shows what is available and
 * the total before confirming with the fund password; `usePurchaseAction` does the rest.
 */
export function PurchaseDialog({ orders, onClose }: { orders: OrderView[] | null; onClose: () => void }) {
  const open = orders !== null && orders.length > 0;
  const f = useFormat('orders');
  const { t } = f;
  const purchase = usePurchaseAction(orders);
  const { orders: list, answer, failure } = purchase;
  const fundForm = useFundPasswordForm(purchase, onClose);
  const { form, close, submit } = fundForm;

  const lines = new Map(list.map((o) => [o.orderId, o]));
  const rechargeLink = (
    <Link to="/wallet" onClick={close} data-testid="purchase-recharge">
      {t('purchase.recharge')}
    </Link>
  );

  return (
    <MoneyDialog open={open} title={list.length > 1 ? t('purchase.batchTitle', { count: list.length }) : t('purchase.title')} width={600} action={purchase} fundForm={fundForm}
      submitLabel={t('purchase.confirm')} testIdPrefix="purchase">
      <div data-testid="purchase-dialog">
        <Descriptions bordered size="small" column={1} className="products-alert">
          <Descriptions.Item label={t('purchase.orders')}>{list.length === 1 ? list[0].orderId : t('purchase.orderCount', { count: list.length })}</Descriptions.Item>
          {list.length === 1 && (
            // What stock is bought, down to the variant, before the password is asked.
            <Descriptions.Item label={t('fields.product')}>
              <span data-testid="purchase-product">
                <OrderLine line={list[0]} detail />
              </span>
            </Descriptions.Item>
          )}
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
        {!answer && list.length > 1 && (
          // Which orders, not only how many: id, product and what each one costs.
          <Table<OrderView>
            rowKey="orderId"
            size="small"
            className="products-alert"
            dataSource={list}
            data-testid="purchase-orders"
            pagination={list.length > 5 ? { pageSize: 5, showSizeChanger: false, size: 'small' } : false}
            columns={[
              { title: t('fields.orderId'), dataIndex: 'orderId', width: 200 },
              { title: t('fields.product'), key: 'product', render: (_: unknown, o) => <OrderLine line={o} /> },
              {
                title: t('fields.purchaseAmount'),
                dataIndex: 'purchaseAmountCents',
                width: 140,
                align: 'right',
                render: (v: number) => <span className="products-num">{f.usdt(v)}</span>,
              },
            ]}
          />
        )}
        {!answer && purchase.short && (
          <Alert type="warning" showIcon className="products-alert" title={t('purchase.insufficient')} action={rechargeLink} data-testid="purchase-short" />
        )}
        {!answer && (
          <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={purchase.pending}>
            <FundPasswordItem t={t} label="purchase.fundPassword" placeholder="purchase.fundPlaceholder" testId="purchase-fund-password" />
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
                  {
                    title: t('fields.product'),
                    key: 'product',
                    // A purchased row answers what was bought; a refused one is named from the order.
                    render: (_: unknown, r) => {
                      const line = r.ok && r.productName !== undefined ? { productName: r.productName, variantName: r.variantName ?? '', sku: r.sku ?? '' } : lines.get(r.orderId);
                      return line ? <OrderLine line={line} /> : null;
                    },
                  },
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
    </MoneyDialog>
  );
}
