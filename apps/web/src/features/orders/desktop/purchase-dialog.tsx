import { useRef, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { AUTH } from '@shopdesk/shared/constants';
import { plainFundPasswordSchema } from '@shopdesk/shared/auth/schemas';
import type { OrderView, PurchaseAnswer } from '@shopdesk/shared/orders/schemas';
import { ApiError } from '../../../lib/http.ts';
import { digitsOnly, zodRule } from '../../../lib/form-rules.ts';
import { answerArrived } from '../../wallet/api/wallet-api.ts';
import { IdempotencyKeeper } from '../../wallet/idempotency.ts';
import { useShopFormat } from '../../products/components/use-shop-format.ts';
import { useAccountBalance, usePurchase } from '../api/orders-api.ts';
import { sumPurchase } from '../order-helpers.ts';

const FUND_LENGTH = AUTH.FUND_PASSWORD_LENGTH;

/**
 * Purchase orders (one, or a selection: the batch purchase dialog). Shows what is available
 * (GET /api/order/getAccountBalance) and the total before confirming with the fund password;
 * an Idempotency-Key makes a retried submission run at most once.
 */
export function PurchaseDialog({ orders, onClose }: { orders: OrderView[] | null; onClose: () => void }) {
  const open = orders !== null && orders.length > 0;
  const f = useShopFormat('orders');
  const { t } = f;
  const [form] = Form.useForm<{ fundPassword: string }>();
  const balance = useAccountBalance(open);
  const purchase = usePurchase();
  const keeper = useRef(new IdempotencyKeeper());
  const [failure, setFailure] = useState<{ text: string; insufficient: boolean } | null>(null);
  const [answer, setAnswer] = useState<PurchaseAnswer | null>(null);
  const list = orders ?? [];
  const total = sumPurchase(list);
  const available = balance.data?.availableCents;
  const short = available !== undefined && available < total;

  const close = () => {
    if (purchase.isPending) return;
    keeper.current.reset();
    form.resetFields();
    setFailure(null);
    setAnswer(null);
    onClose();
  };

  const submit = ({ fundPassword }: { fundPassword: string }) => {
    const orderIds = list.map((o) => o.orderId);
    const idempotencyKey = keeper.current.keyFor(JSON.stringify({ orderIds, fundPassword }));
    setFailure(null);
    purchase.mutate(
      { orderIds, fundPassword, idempotencyKey },
      {
        onSuccess: (a) => {
          keeper.current.settle(true);
          setAnswer(a);
        },
        onError: (error) => {
          keeper.current.settle(answerArrived(error));
          const text = error instanceof Error ? error.message : t('common:http.requestFailed');
          if (error instanceof ApiError && (error.errorKey === 'FUND_PASSWORD_WRONG' || error.errorKey === 'FUND_PASSWORD_LOCKED')) {
            form.setFields([{ name: 'fundPassword', value: '', errors: [text] }]);
            return;
          }
          const insufficient = error instanceof ApiError && error.errorKey === 'INSUFFICIENT_BALANCE';
          setFailure({ text: insufficient ? t('purchase.insufficient') : text, insufficient });
          void balance.refetch();
        },
      },
    );
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
      maskClosable={!purchase.isPending}
      width={600}
      destroyOnHidden
      footer={
        answer ? (
          <Button type="primary" onClick={close} data-testid="purchase-done">
            {t('common:actions.done')}
          </Button>
        ) : (
          <Space>
            <Button onClick={close} disabled={purchase.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="primary" loading={purchase.isPending} disabled={!balance.data} onClick={() => form.submit()} data-testid="purchase-submit">
              {t('purchase.confirm')}
            </Button>
          </Space>
        )
      }
    >
      <div data-testid="purchase-dialog">
        <Descriptions bordered size="small" column={1} className="catalog-alert">
          <Descriptions.Item label={t('purchase.orders')}>{list.length === 1 ? list[0].orderId : t('purchase.orderCount', { count: list.length })}</Descriptions.Item>
          <Descriptions.Item label={t('purchase.total')}>
            <strong className="catalog-num" data-testid="purchase-total" data-cents={total}>
              {f.usdt(total)}
            </strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('purchase.available')}>
            {balance.data ? (
              <span className="catalog-num" data-testid="purchase-available" data-cents={balance.data.availableCents}>
                {f.usdt(balance.data.availableCents)}
              </span>
            ) : (
              '…'
            )}
          </Descriptions.Item>
          {answer && (
            <Descriptions.Item label={t('purchase.availableAfter')}>
              <span className="catalog-num" data-testid="purchase-available-after" data-cents={answer.availableCents}>
                {f.usdt(answer.availableCents)}
              </span>
            </Descriptions.Item>
          )}
        </Descriptions>
        {!answer && short && (
          <Alert type="warning" showIcon className="catalog-alert" title={t('purchase.insufficient')} action={rechargeLink} data-testid="purchase-short" />
        )}
        {!answer && (
          <Form form={form} layout="vertical" onFinish={submit} disabled={purchase.isPending}>
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
        {failure && <Alert type="error" showIcon title={failure.text} action={failure.insufficient ? rechargeLink : undefined} data-testid="purchase-error" />}
        {answer && (
          <>
            <Alert
              type={answer.failed === 0 ? 'success' : 'warning'}
              showIcon
              className="catalog-alert"
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
