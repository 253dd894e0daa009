import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, App, Button, Card, Empty, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/desktop/query-state.tsx';
import { useFormat } from '../../lib/use-format.ts';
import { useMoneyDecision, useMoneyQueue, type MoneyQueue } from '../api/money-api.ts';
import { roleAllows, useWhoami } from '../api/ops-auth.ts';
import { DecisionDialog } from './decision-dialog.tsx';
import { StatusTabs } from './status-tabs.tsx';

const MONEY_WRITE = ['finance'] as const;

/** One action an operator may take on a row in a status, and what its confirmation asks for. */
export interface QueueAction {
  action: string;
  danger?: boolean;
  reason?: 'required' | 'optional';
  txHash?: boolean;
}

export interface QueuePageProps<T extends { id: number; amountCents: number; status: string }> {
  queue: MoneyQueue;
  /** The page's title key (`menu.<key>`) and its test id. */
  titleKey: string;
  statuses: readonly string[];
  columns: (format: ReturnType<typeof useFormat>) => TableColumnsType<T>;
  /** The actions on a row in its status. */
  actionsFor: (row: T) => QueueAction[];
  /** The row in words for the confirmation: who, how much, where. */
  describe: (row: T, format: ReturnType<typeof useFormat>) => ReactNode;
}

/**
 * A money queue of the console: one status at a time (pending first, oldest first), each row's
 * actions behind a confirmation dialog that asks for what the action needs; a decision's answer is
 * shown as a message and the queue read again.
 */
export function QueuePage<T extends { id: number; amountCents: number; status: string }>({ queue, titleKey, statuses, columns, actionsFor, describe }: QueuePageProps<T>) {
  const { t } = useTranslation('ops');
  const format = useFormat('ops');
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const status = statuses.includes(params.get('status') ?? '') ? params.get('status')! : statuses[0];
  const rows = useMoneyQueue<T>(queue, status);
  const decision = useMoneyDecision(queue);
  const [open, setOpen] = useState<{ row: T; action: QueueAction } | null>(null);
  // The server lets finance (and the super admin) decide; support reads the queues only.
  const role = useWhoami().data?.opsRole;
  const canDecide = role !== undefined && roleAllows(role, MONEY_WRITE);

  const close = () => {
    setOpen(null);
    decision.reset();
  };
  const actionColumn: TableColumnsType<T>[number] = {
    key: 'actions',
    title: t('money.actions'),
    fixed: 'right',
    render: (_: unknown, row: T) => {
      const actions = actionsFor(row);
      if (!actions.length) return <Tag>{t(`statuses.${row.status}`)}</Tag>;
      return (
        <Space wrap>
          {actions.map((a) => (
            <Button key={a.action} size="small" type={a.danger ? 'default' : 'primary'} danger={a.danger} onClick={() => setOpen({ row, action: a })} data-testid={`ops-${a.action}-${row.id}`}>
              {t(`actions.${a.action}`)}
            </Button>
          ))}
        </Space>
      );
    },
  };

  return (
    <Card title={<h1 className="page-title">{t(`menu.${titleKey}`)}</h1>} extra={<StatusTabs statuses={statuses} value={status} onChange={(s) => setParams({ status: s })} />} data-testid={`ops-page-${titleKey}`}>
      {!canDecide && <Alert type="info" showIcon message={t('money.readOnly')} style={{ marginBottom: 16 }} data-testid="ops-read-only" />}
      <QueryState query={rows} isEmpty={(data) => data.length === 0} empty={<Empty description={t('money.empty')} data-testid="ops-queue-empty" />} testId="ops-queue">
        {(data) => <Table<T> rowKey="id" size="middle" columns={canDecide ? [...columns(format), actionColumn] : columns(format)} dataSource={data} scroll={{ x: 'max-content' }} pagination={{ pageSize: 20, hideOnSinglePage: true }} data-testid="ops-queue-table" />}
      </QueryState>
      {open && (
        <DecisionDialog
          open
          title={t(`confirm.${open.action.action}`, { id: open.row.id })}
          summary={describe(open.row, format)}
          okText={t(`actions.${open.action.action}`)}
          danger={open.action.danger}
          reason={open.action.reason}
          txHash={open.action.txHash}
          pending={decision.isPending}
          error={decision.error}
          onClose={close}
          onConfirm={(values) =>
            decision.mutate(
              { id: open.row.id, action: open.action.action, ...values },
              {
                onSuccess: () => {
                  void message.success(t(`done.${open.action.action}`, { id: open.row.id }));
                  close();
                },
              },
            )
          }
        />
      )}
    </Card>
  );
}
