import { useState } from 'react';
import { App, Card, Empty, Button, Table, Tag } from 'antd';
import type { OpsOperatorRow } from '@shopdesk/shared/ops/operators';
import { QueryState } from '../../components/desktop/query-state.tsx';
import { useFormat } from '../../lib/use-format.ts';
import { useOperators, useResetTwoFactor } from '../api/accounts-api.ts';
import { useWhoami } from '../api/ops-auth.ts';
import { DecisionDialog } from '../components/decision-dialog.tsx';

/** The platform's operators with their role and second factor; a super admin resets another's second factor. */
export function OperatorsPage() {
  const f = useFormat('ops');
  const { t } = f;
  const { message } = App.useApp();
  const operators = useOperators();
  const reset = useResetTwoFactor();
  const me = useWhoami().data?.userId;
  const [open, setOpen] = useState<OpsOperatorRow | null>(null);
  const close = () => {
    setOpen(null);
    reset.reset();
  };
  return (
    <Card title={<h1 className="page-title">{t('menu.operators')}</h1>} data-testid="ops-page-operators">
      <QueryState query={operators} isEmpty={(rows) => rows.length === 0} empty={<Empty description={t('operators.empty')} />} testId="ops-operators">
        {(rows) => (
          <Table<OpsOperatorRow>
            rowKey="id"
            size="middle"
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { key: 'username', title: t('operators.username'), dataIndex: 'username' },
              { key: 'name', title: t('operators.name'), render: (_, row) => row.name || '—' },
              { key: 'role', title: t('operators.role'), render: (_, row) => <Tag color="blue">{t(`roles.${row.opsRole}`)}</Tag> },
              { key: 'status', title: t('warehouse.status'), render: (_, row) => <Tag color={row.status === 'active' ? 'green' : 'default'}>{t(`operators.status.${row.status}`)}</Tag> },
              {
                key: 'twoFactor',
                title: t('operators.twoFactor'),
                render: (_, row) => (
                  <Tag color={row.twoFactor ? 'green' : 'orange'} data-testid={`ops-operator-2fa-${row.id}`}>
                    {t(row.twoFactor ? 'operators.enrolled' : 'operators.notEnrolled')}
                  </Tag>
                ),
              },
              { key: 'created', title: t('shops.created'), render: (_, row) => f.date(row.createdAt) },
              {
                key: 'actions',
                title: t('money.actions'),
                render: (_, row) =>
                  row.id !== me && row.twoFactor ? (
                    <Button size="small" danger onClick={() => setOpen(row)} data-testid={`ops-operator-reset-${row.id}`}>
                      {t('operators.reset')}
                    </Button>
                  ) : null,
              },
            ]}
            data-testid="ops-operators-table"
          />
        )}
      </QueryState>
      {open && (
        <DecisionDialog
          open
          title={t('operators.resetTitle', { name: open.name || open.username })}
          summary={t('operators.resetSummary')}
          okText={t('operators.reset')}
          danger
          pending={reset.isPending}
          error={reset.error}
          onClose={close}
          onConfirm={() =>
            reset.mutate(open.id, {
              onSuccess: () => {
                void message.success(t('operators.resetDone', { name: open.name || open.username }));
                close();
              },
            })
          }
        />
      )}
    </Card>
  );
}
