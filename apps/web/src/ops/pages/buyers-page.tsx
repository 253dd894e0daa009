import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Card, Empty, Input, Table, Tag, Tooltip } from 'antd';
import type { OpsBuyerRow } from '@shopdesk/shared/ops/catalog';
import { QueryState } from '../../components/desktop/query-state.tsx';
import { useFormat } from '../../lib/use-format.ts';
import { roleAllows, useWhoami } from '../api/ops-auth.ts';
import { useBuyerStanding, useBuyers } from '../api/shops-api.ts';
import { DecisionDialog } from '../components/decision-dialog.tsx';

const PAGE_SIZE = 20;
/** The roles of the buyer freeze routes (modules/ops/catalog-ops-routes.ts `support`). */
const BUYERS_WRITE = ['support'] as const;

/** Mall buyers by username or nickname, with their wallet, orders and standing; support freezes and unfreezes them. */
export function BuyersPage() {
  const f = useFormat('ops');
  const { t } = f;
  const { message } = App.useApp();
  const role = useWhoami().data?.opsRole;
  const canChange = role !== undefined && roleAllows(role, BUYERS_WRITE);
  const standing = useBuyerStanding();
  const [deciding, setDeciding] = useState<OpsBuyerRow | null>(null);
  const close = () => {
    setDeciding(null);
    standing.reset();
  };
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const buyers = useBuyers({ q, page, pageSize: PAGE_SIZE });
  const update = (next: { q?: string; page?: number }) => {
    const merged = { q, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.q) search.set('q', merged.q);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };

  return (
    <Card title={<h1 className="page-title">{t('menu.buyers')}</h1>} data-testid="ops-page-buyers">
      <div className="ops-filters">
        <Input.Search allowClear defaultValue={q} placeholder={t('buyers.search')} aria-label={t('buyers.search')} style={{ maxWidth: 360 }} onSearch={(value) => update({ q: value.trim() })} data-testid="ops-buyers-search" />
      </div>
      <QueryState query={buyers} isEmpty={(data) => data.total === 0} empty={<Empty description={t('buyers.empty')} data-testid="ops-buyers-empty" />} testId="ops-buyers">
        {(data) => (
          <Table<OpsBuyerRow>
            rowKey="id"
            size="middle"
            dataSource={data.list}
            loading={buyers.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={{ current: data.page, pageSize: data.pageSize, total: data.total, showSizeChanger: false, hideOnSinglePage: true, onChange: (next) => update({ page: next }) }}
            columns={[
              { key: 'id', title: t('money.id'), dataIndex: 'id' },
              { key: 'username', title: t('buyers.username'), dataIndex: 'username' },
              { key: 'nickname', title: t('buyers.nickname'), render: (_, row) => row.nickname || '—' },
              { key: 'wallet', title: t('buyers.wallet'), align: 'right', render: (_, row) => f.usdt(row.walletCents) },
              { key: 'orders', title: t('shops.orders'), align: 'right', dataIndex: 'ordersCount' },
              { key: 'created', title: t('shops.created'), render: (_, row) => f.date(row.createTime) },
              {
                key: 'standing',
                title: t('shops.standing'),
                render: (_, row) =>
                  row.frozen ? (
                    <Tooltip title={row.frozenReason}>
                      <Tag color="red" data-testid="ops-buyer-frozen">{t('shops.frozenTag')}</Tag>
                    </Tooltip>
                  ) : (
                    <Tag color="green">{t('shops.activeTag')}</Tag>
                  ),
              },
              ...(canChange
                ? [
                    {
                      key: 'actions',
                      title: t('buyers.actions'),
                      render: (_: unknown, row: OpsBuyerRow) => (
                        <Button size="small" danger={!row.frozen} onClick={() => setDeciding(row)} data-testid={`ops-buyer-${row.frozen ? 'unfreeze' : 'freeze'}`}>
                          {t(row.frozen ? 'shops.unfreeze' : 'shops.freeze')}
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
            data-testid="ops-buyers-table"
          />
        )}
      </QueryState>
      <DecisionDialog
        open={deciding !== null}
        title={t(deciding?.frozen ? 'buyers.unfreezeTitle' : 'buyers.freezeTitle', { name: deciding?.username ?? '' })}
        summary={t(deciding?.frozen ? 'buyers.unfreezeSummary' : 'buyers.freezeSummary')}
        okText={t(deciding?.frozen ? 'shops.unfreeze' : 'shops.freeze')}
        danger={!deciding?.frozen}
        reason={deciding?.frozen ? undefined : 'required'}
        pending={standing.isPending}
        error={standing.error}
        onClose={close}
        onConfirm={(values) => {
          if (!deciding) return;
          const frozen = deciding.frozen;
          standing.mutate(
            { buyerId: deciding.id, change: frozen ? { kind: 'unfreeze' } : { kind: 'freeze', reason: values.reason ?? '' } },
            {
              onSuccess: () => {
                void message.success(t(frozen ? 'buyers.unfrozenDone' : 'buyers.frozenDone'));
                close();
              },
            },
          );
        }}
      />
    </Card>
  );
}
