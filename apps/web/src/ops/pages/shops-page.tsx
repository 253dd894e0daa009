import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { App, Button, Card, Empty, Flex, Form, Input, InputNumber, Modal, Select, Table, Tag, Typography, Alert } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { SHOP } from '@shopdesk/shared/constants';
import type { OpsCreditEventRow, OpsShopDetail, OpsShopOrderRow, OpsShopRow } from '@shopdesk/shared/ops/catalog';
import { QueryState } from '../../components/desktop/query-state.tsx';
import { useFormat } from '../../lib/use-format.ts';
import { errorText } from '../api/error-text.ts';
import { roleAllows, useWhoami } from '../api/ops-auth.ts';
import { useShop, useShopOrders, useShopPackages, useShopStanding, useShops, useTargetAudit, type ShopStanding } from '../api/shops-api.ts';
import { ListCard } from '../components/list-card.tsx';
import { DecisionDialog } from '../components/decision-dialog.tsx';

const PAGE_SIZE = 20;
/** The owner's name and username, once when they are the same (a name defaults to the username). */
const ownerOf = (shop: OpsShopRow) => (shop.ownerName && shop.ownerName !== shop.ownerUsername ? `${shop.ownerName} (${shop.ownerUsername})` : shop.ownerUsername);
/** The roles of the freeze and credit routes (modules/ops/ops-routes.ts `shopsWrite`). */
const SHOPS_WRITE = ['support'] as const;

/** Shops: the search (/ops/shops) and one shop's page (/ops/shops/:id). */
export function ShopsPage() {
  const rest = useParams()['*'] ?? '';
  const id = Number(rest);
  if (rest && Number.isInteger(id) && id > 0) return <ShopDetailPage id={id} />;
  return <ShopSearch />;
}

function ShopSearch() {
  const f = useFormat('ops');
  const { t } = f;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const frozen = params.get('frozen') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const shops = useShops({ q, frozen: frozen || undefined, page, pageSize: PAGE_SIZE });
  const update = (next: Record<string, string | number>) => {
    const merged: Record<string, string | number> = { q, frozen, page: 1, ...next };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) if (value !== '' && !(key === 'page' && value === 1)) search.set(key, String(value));
    setParams(search);
  };

  return (
    <Card title={<h1 className="page-title">{t('menu.shops')}</h1>} data-testid="ops-page-shops">
      <div className="ops-filters">
        <Input.Search allowClear defaultValue={q} placeholder={t('shops.search')} aria-label={t('shops.search')} style={{ maxWidth: 360 }} onSearch={(value) => update({ q: value.trim() })} data-testid="ops-shops-search" />
        <Select
          style={{ minWidth: 180 }}
          value={frozen}
          aria-label={t('shops.standing')}
          options={[
            { value: '', label: t('shops.anyStanding') },
            { value: 'true', label: t('shops.frozenOnly') },
            { value: 'false', label: t('shops.activeOnly') },
          ]}
          onChange={(value: string) => update({ frozen: value })}
          data-testid="ops-shops-frozen"
        />
      </div>
      <QueryState query={shops} isEmpty={(data) => data.total === 0} empty={<Empty description={t('shops.empty')} data-testid="ops-shops-empty" />} testId="ops-shops">
        {(data) => (
          <Table<OpsShopRow>
            rowKey="id"
            size="middle"
            dataSource={data.list}
            loading={shops.isFetching}
            scroll={{ x: 'max-content' }}
            onRow={(row) => ({ onClick: () => void navigate(`/ops/shops/${row.id}`), style: { cursor: 'pointer' } })}
            pagination={{ current: data.page, pageSize: data.pageSize, total: data.total, showSizeChanger: false, hideOnSinglePage: true, onChange: (next) => update({ page: next }) }}
            columns={[
              { key: 'id', title: t('money.id'), dataIndex: 'id' },
              {
                key: 'name',
                title: t('shops.name'),
                render: (_, row) => (
                  <Button type="link" style={{ padding: 0 }} onClick={() => void navigate(`/ops/shops/${row.id}`)} data-testid={`ops-shop-open-${row.id}`}>
                    {row.name}
                  </Button>
                ),
              },
              { key: 'owner', title: t('shops.owner'), render: (_, row) => ownerOf(row) },
              { key: 'available', title: t('shops.available'), align: 'right', render: (_, row) => f.usdt(row.availableCents) },
              { key: 'credit', title: t('shops.creditScore'), align: 'right', dataIndex: 'creditScore' },
              { key: 'vip', title: t('shops.vip'), render: (_, row) => t('shops.vipLevel', { level: row.vipLevel }) },
              { key: 'standing', title: t('shops.standing'), render: (_, row) => <StandingTags shop={row} /> },
              { key: 'created', title: t('shops.created'), render: (_, row) => f.date(row.createTime) },
            ]}
            data-testid="ops-shops-table"
          />
        )}
      </QueryState>
    </Card>
  );
}

function StandingTags({ shop }: { shop: OpsShopRow }) {
  const { t } = useFormat('ops');
  return (
    <Flex gap={4} wrap>
      {shop.frozen ? <Tag color="red">{t('shops.frozenTag')}</Tag> : <Tag color="green">{t('shops.activeTag')}</Tag>}
      {shop.openAppeal && <Tag color="orange">{t('shops.appealTag')}</Tag>}
      {shop.approval !== 'approved' && <Tag>{t(`statuses.${shop.approval}`, { defaultValue: shop.approval })}</Tag>}
    </Flex>
  );
}

type Dialog = 'freeze' | 'unfreeze' | 'credit' | null;

function ShopDetailPage({ id }: { id: number }) {
  const f = useFormat('ops');
  const { t } = f;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const shop = useShop(id);
  const standing = useShopStanding(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const role = useWhoami().data?.opsRole;
  const canChange = role !== undefined && roleAllows(role, SHOPS_WRITE);

  const close = () => {
    setDialog(null);
    standing.reset();
  };
  const change = (value: ShopStanding, done: string) =>
    standing.mutate(value, {
      onSuccess: () => {
        void message.success(done);
        close();
      },
    });

  return (
    <div data-testid="ops-page-shop">
      <Button type="link" icon={<ArrowLeftOutlined aria-hidden />} style={{ paddingInline: 0, marginBottom: 8 }} onClick={() => void navigate('/ops/shops')} data-testid="ops-shop-back">
        {t('shops.back')}
      </Button>
      <QueryState query={shop} backTo="/ops/shops" testId="ops-shop">
        {(data) => (
          <Flex vertical gap={16}>
            <Card
              title={
                <Flex align="center" gap={8} wrap>
                  <h1 className="page-title">{data.name}</h1>
                  <StandingTags shop={data} />
                </Flex>
              }
              extra={
                canChange && (
                  <Flex gap={8} wrap>
                    {data.frozen ? (
                      <Button type="primary" onClick={() => setDialog('unfreeze')} data-testid="ops-shop-unfreeze">
                        {t('shops.unfreeze')}
                      </Button>
                    ) : (
                      <Button danger onClick={() => setDialog('freeze')} data-testid="ops-shop-freeze">
                        {t('shops.freeze')}
                      </Button>
                    )}
                    <Button onClick={() => setDialog('credit')} data-testid="ops-shop-credit">
                      {t('shops.changeCredit')}
                    </Button>
                  </Flex>
                )
              }
            >
              {data.frozen && <Alert type="error" showIcon message={t('shops.frozenBecause', { reason: data.frozenReason || '—' })} style={{ marginBottom: 16 }} data-testid="ops-shop-frozen-reason" />}
              <dl className="ops-facts">
                {(
                  [
                    ['owner', ownerOf(data)],
                    ['email', data.ownerEmail || '—'],
                    ['whatsapp', data.whatsapp || '—'],
                    ['available', f.usdt(data.availableCents)],
                    ['frozenBalance', f.usdt(data.frozenCents)],
                    ['totalTopUp', f.usdt(data.totalTopUpCents)],
                    ['creditScore', `${data.creditScore} / ${SHOP.CREDIT_SCORE_MAX}`],
                    ['vip', t('shops.vipLevel', { level: data.vipLevel })],
                    ['orders', String(data.ordersCount)],
                    ['products', String(data.productsCount)],
                    ['created', f.dateTime(data.createTime)],
                  ] as const
                ).map(([key, value]) => (
                  <div key={key}>
                    <dt>{t(`shops.${key}`)}</dt>
                    <dd data-testid={`ops-shop-${key}`}>{value}</dd>
                  </div>
                ))}
              </dl>
            </Card>
            <ShopAppeals shop={data} />
            <ShopOrders shopId={id} />
            <ShopPackages shopId={id} />
            <ShopCreditHistory events={data.creditEvents} />
            <ShopAudit shopId={id} />
            <DecisionDialog
              open={dialog === 'freeze' || dialog === 'unfreeze'}
              title={t(dialog === 'unfreeze' ? 'shops.unfreezeTitle' : 'shops.freezeTitle', { name: data.name })}
              summary={t(dialog === 'unfreeze' ? 'shops.unfreezeSummary' : 'shops.freezeSummary')}
              okText={t(dialog === 'unfreeze' ? 'shops.unfreeze' : 'shops.freeze')}
              danger={dialog === 'freeze'}
              reason={dialog === 'freeze' ? 'required' : undefined}
              pending={standing.isPending}
              error={standing.error}
              onClose={close}
              onConfirm={(values) =>
                dialog === 'freeze' ? change({ kind: 'freeze', reason: values.reason ?? '' }, t('shops.frozenDone')) : change({ kind: 'unfreeze' }, t('shops.unfrozenDone'))
              }
            />
            <CreditDialog
              open={dialog === 'credit'}
              shop={data}
              pending={standing.isPending}
              error={standing.error}
              onClose={close}
              onConfirm={(creditScore, reason) => change({ kind: 'credit', creditScore, reason }, t('shops.creditDone', { score: creditScore }))}
            />
          </Flex>
        )}
      </QueryState>
    </div>
  );
}

/** A new credit score and why: the shop sees the change as a credit event. */
function CreditDialog({ open, shop, pending, error, onClose, onConfirm }: { open: boolean; shop: OpsShopDetail; pending: boolean; error: unknown; onClose: () => void; onConfirm: (score: number, reason: string) => void }) {
  const { t } = useFormat('ops');
  const [form] = Form.useForm<{ creditScore: number; reason: string }>();
  return (
    <Modal
      open={open}
      title={t('shops.creditTitle', { name: shop.name })}
      okText={t('shops.changeCredit')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: pending, ...{ 'data-testid': 'ops-credit-ok' } }}
      onOk={() => void form.validateFields().then((values) => onConfirm(values.creditScore, values.reason.trim()))}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('shops.creditNow', { score: shop.creditScore })}</Typography.Paragraph>
      {error ? <Alert type="error" showIcon message={errorText(error, t)} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ creditScore: shop.creditScore }} preserve={false}>
        <Form.Item name="creditScore" label={t('shops.newScore')} rules={[{ required: true, type: 'integer', min: 0, max: SHOP.CREDIT_SCORE_MAX, message: t('shops.scoreRange', { max: SHOP.CREDIT_SCORE_MAX }) }]}>
          <InputNumber min={0} max={SHOP.CREDIT_SCORE_MAX} precision={0} style={{ width: 160 }} data-testid="ops-credit-score" />
        </Form.Item>
        <Form.Item name="reason" label={t('money.reason')} rules={[{ required: true, whitespace: true, message: t('money.reasonRequired') }, { max: 500 }]}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="ops-credit-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ShopAppeals({ shop }: { shop: OpsShopDetail }) {
  const f = useFormat('ops');
  const { t } = f;
  return (
    <Card size="small" title={t('shops.appeals')} data-testid="ops-shop-appeals">
      {shop.appeals.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('appeals.none')} />
      ) : (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={shop.appeals}
          columns={[
            { key: 'time', title: t('money.submitted'), render: (_, row) => f.dateTime(row.createTime) },
            { key: 'text', title: t('appeals.text'), dataIndex: 'text' },
            { key: 'status', title: t('warehouse.status'), render: (_, row) => <Tag color={row.status === 'open' ? 'orange' : 'default'}>{t(`statuses.${row.status}`)}</Tag> },
            { key: 'answer', title: t('appeals.answer'), render: (_, row) => row.answer || '—' },
          ]}
        />
      )}
    </Card>
  );
}

const ORDERS_PAGE_SIZE = 10;

/** The shop's orders, newest first, each at the stage its seller sees. */
function ShopOrders({ shopId }: { shopId: number }) {
  const f = useFormat('ops');
  const { t } = f;
  const [page, setPage] = useState(1);
  const orders = useShopOrders(shopId, page, ORDERS_PAGE_SIZE);
  return (
    <Card size="small" title={t('shops.orders')} data-testid="ops-shop-orders">
      <QueryState query={orders} isEmpty={(data) => data.total === 0} empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shops.noOrders')} />} testId="ops-shop-orders">
        {(data) => (
          <Table<OpsShopOrderRow>
            size="small"
            rowKey="id"
            loading={orders.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={{ current: data.page, pageSize: data.pageSize, total: data.total, showSizeChanger: false, hideOnSinglePage: true, onChange: setPage }}
            dataSource={data.list}
            columns={[
              { key: 'no', title: t('shops.orderNo'), dataIndex: 'orderNo' },
              { key: 'product', title: t('shops.product'), render: (_, row) => `${row.productName} × ${row.quantity}` },
              { key: 'buyer', title: t('shops.buyer'), dataIndex: 'buyerName' },
              { key: 'amount', title: t('money.amount'), align: 'right', render: (_, row) => f.usdt(row.amountCents) },
              { key: 'stage', title: t('warehouse.status'), render: (_, row) => <Tag data-testid={`ops-order-stage-${row.stage}`}>{t(`orderStages.${row.stage}`)}</Tag> },
              { key: 'created', title: t('shops.created'), render: (_, row) => f.dateTime(row.createTime) },
            ]}
          />
        )}
      </QueryState>
    </Card>
  );
}

function ShopPackages({ shopId }: { shopId: number }) {
  const f = useFormat('ops');
  const { t } = f;
  const packages = useShopPackages(shopId);
  return (
    <ListCard
      title={t('shops.packages')}
      testId="ops-shop-packages"
      query={packages}
      emptyText={t('shops.noPackages')}
      columns={[
        { key: 'type', title: t('shops.packageType'), render: (_, row) => t(`packageTypes.${row.type}`, { defaultValue: row.type }) },
        { key: 'amount', title: t('money.amount'), align: 'right', render: (_, row) => f.usdt(row.amountCents) },
        { key: 'bought', title: t('shops.purchased'), render: (_, row) => f.date(row.purchasedAt) },
        { key: 'expires', title: t('shops.expires'), render: (_, row) => f.date(row.expiresAt) },
        { key: 'status', title: t('warehouse.status'), render: (_, row) => <Tag>{t(`packageStatuses.${row.status}`, { defaultValue: row.status })}</Tag> },
      ]}
    />
  );
}

/** Every change of the credit score, newest first: late purchases as well as operators' adjustments. */
function ShopCreditHistory({ events }: { events: OpsCreditEventRow[] }) {
  const f = useFormat('ops');
  const { t } = f;
  return (
    <Card size="small" title={t('shops.creditHistory')} data-testid="ops-shop-credit-history">
      <Table<OpsCreditEventRow>
        size="small"
        rowKey="id"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={events}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shops.noCreditEvents')} /> }}
        columns={[
          { key: 'time', title: t('audit.time'), render: (_, row) => f.dateTime(row.createTime) },
          { key: 'change', title: t('shops.creditChange'), align: 'right', render: (_, row) => <Typography.Text type={row.delta < 0 ? 'danger' : 'success'}>{row.delta > 0 ? `+${row.delta}` : row.delta}</Typography.Text> },
          { key: 'after', title: t('shops.scoreAfter'), align: 'right', dataIndex: 'scoreAfter' },
          { key: 'reason', title: t('shops.creditReason'), render: (_, row) => [t(`creditReasons.${row.reason}`, { ref: row.ref ?? '', defaultValue: row.reason }), row.note].filter(Boolean).join(' — ') },
        ]}
        data-testid="ops-shop-credit-table"
      />
    </Card>
  );
}

/** What operators did to the shop, newest first. */
function ShopAudit({ shopId }: { shopId: number }) {
  const f = useFormat('ops');
  const { t } = f;
  const audit = useTargetAudit('shop', shopId);
  const scoreOf = (value: unknown) => (value && typeof value === 'object' && 'creditScore' in value ? String((value as { creditScore: unknown }).creditScore) : '—');
  return (
    <ListCard
      title={t('shops.audit')}
      testId="ops-shop-audit"
      query={audit}
      emptyText={t('audit.empty')}
      columns={[
        { key: 'time', title: t('audit.time'), render: (_, row) => f.dateTime(row.createdAt) },
        { key: 'operator', title: t('audit.operator'), dataIndex: 'operatorName' },
        { key: 'action', title: t('audit.action'), render: (_, row) => t(`auditActions.${row.action}`, { defaultValue: row.action }) },
        { key: 'score', title: t('shops.creditScore'), render: (_, row) => `${scoreOf(row.before)} → ${scoreOf(row.after)}` },
        { key: 'after', title: t('audit.after'), ellipsis: true, width: 360, render: (_, row) => <Typography.Text ellipsis={{ tooltip: JSON.stringify(row.after) }}>{JSON.stringify(row.after) ?? '—'}</Typography.Text> },
      ]}
    />
  );
}
