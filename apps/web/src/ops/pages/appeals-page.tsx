import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Button, Card, Empty, Space, Table, Tag } from 'antd';
import type { AppealRow } from '@shopdesk/shared/ops/catalog';
import { QueryState } from '../../components/desktop/query-state.tsx';
import { useFormat } from '../../lib/use-format.ts';
import { useAnswerAppeal, useAppeals } from '../api/shops-api.ts';
import { DecisionDialog } from '../components/decision-dialog.tsx';
import { StatusTabs } from '../components/status-tabs.tsx';

const STATUSES = ['open', 'answered'] as const;

/** Frozen shops' appeals: the open ones to answer (unfreezing the shop or keeping it frozen), then the answered. */
export function AppealsPage() {
  const f = useFormat('ops');
  const { t } = f;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '') ? params.get('status')! : 'open';
  const appeals = useAppeals(status);
  const answer = useAnswerAppeal();
  const [open, setOpen] = useState<{ row: AppealRow; unfreeze: boolean } | null>(null);
  const close = () => {
    setOpen(null);
    answer.reset();
  };

  return (
    <Card
      title={<h1 className="page-title">{t('menu.appeals')}</h1>}
      extra={<StatusTabs statuses={STATUSES} value={status} onChange={(s) => setParams({ status: s })} />}
      data-testid="ops-page-appeals"
    >
      <QueryState query={appeals} isEmpty={(rows) => rows.length === 0} empty={<Empty description={t('appeals.none')} data-testid="ops-appeals-empty" />} testId="ops-appeals">
        {(rows) => (
          <Table<AppealRow>
            rowKey="id"
            size="middle"
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { key: 'time', title: t('money.submitted'), render: (_, row) => f.dateTime(row.createTime) },
              {
                key: 'shop',
                title: t('money.shop'),
                render: (_, row) => (
                  <Button type="link" style={{ padding: 0 }} onClick={() => void navigate(`/ops/shops/${row.shopId}`)}>
                    {row.shopName} #{row.shopId}
                  </Button>
                ),
              },
              { key: 'text', title: t('appeals.text'), width: 360, render: (_, row) => <span data-testid={`ops-appeal-text-${row.id}`}>{row.text}</span> },
              ...(status === 'answered'
                ? [
                    { key: 'answer', title: t('appeals.answer'), width: 320, render: (_: unknown, row: AppealRow) => row.answer },
                    { key: 'by', title: t('audit.operator'), render: (_: unknown, row: AppealRow) => `${row.answeredByName ?? '—'} · ${f.dateTime(row.answerTime)}` },
                  ]
                : [
                    {
                      key: 'actions',
                      title: t('money.actions'),
                      render: (_: unknown, row: AppealRow) => (
                        <Space wrap>
                          <Button size="small" type="primary" onClick={() => setOpen({ row, unfreeze: true })} data-testid={`ops-appeal-unfreeze-${row.id}`}>
                            {t('appeals.unfreeze')}
                          </Button>
                          <Button size="small" danger onClick={() => setOpen({ row, unfreeze: false })} data-testid={`ops-appeal-keep-${row.id}`}>
                            {t('appeals.keep')}
                          </Button>
                        </Space>
                      ),
                    },
                  ]),
              { key: 'status', title: t('warehouse.status'), render: (_, row) => <Tag color={row.status === 'open' ? 'orange' : 'default'}>{t(`statuses.${row.status}`)}</Tag> },
            ]}
            data-testid="ops-appeals-table"
          />
        )}
      </QueryState>
      {open && (
        <DecisionDialog
          open
          title={t(open.unfreeze ? 'appeals.unfreezeTitle' : 'appeals.keepTitle', { name: open.row.shopName })}
          summary={<q>{open.row.text}</q>}
          okText={t(open.unfreeze ? 'appeals.unfreeze' : 'appeals.keep')}
          danger={!open.unfreeze}
          reason="required"
          reasonLabel={t('appeals.answerLabel')}
          pending={answer.isPending}
          error={answer.error}
          onClose={close}
          onConfirm={(values) =>
            answer.mutate(
              { id: open.row.id, answer: values.reason ?? '', unfreeze: open.unfreeze },
              {
                onSuccess: () => {
                  void message.success(t(open.unfreeze ? 'appeals.unfrozenDone' : 'appeals.keptDone', { name: open.row.shopName }));
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
