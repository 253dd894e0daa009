import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, App, Button, Card, Empty, Flex, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { RESET_STATUSES, SHOP_APPROVALS, type OpsRegistrationRow, type OpsResetApproval, type OpsResetRow } from '@shopdesk/shared/auth/account-requests';
import { QueryState } from '../../components/desktop/query-state.tsx';
import { useFormat } from '../../lib/use-format.ts';
import { usePasswordResets, useRegistrationDecision, useRegistrations, useResetDecision } from '../api/accounts-api.ts';
import { DecisionDialog } from '../components/decision-dialog.tsx';
import { StatusTabs } from '../components/status-tabs.tsx';

const KINDS = ['resets', 'registrations'] as const;
type Kind = (typeof KINDS)[number];
type Decision = 'approve' | 'reject';

/** The login page's requests: password resets (approval gives the one-time link to hand over) and new shops waiting for approval. */
export function RequestsPage() {
  const { t } = useFormat('ops');
  const [params, setParams] = useSearchParams();
  const kind: Kind = params.get('kind') === 'registrations' ? 'registrations' : 'resets';
  const statuses = kind === 'resets' ? RESET_STATUSES : SHOP_APPROVALS;
  const status = (statuses as readonly string[]).includes(params.get('status') ?? '') ? params.get('status')! : 'pending';
  return (
    <Card
      title={<h1 className="page-title">{t('menu.requests')}</h1>}
      extra={
        <Flex gap={12} wrap>
          <Segmented
            value={kind}
            options={KINDS.map((k) => ({ value: k, label: <span data-testid={`ops-requests-${k}`}>{t(`requests.${k}`)}</span> }))}
            onChange={(k) => setParams({ kind: String(k) })}
          />
          <StatusTabs statuses={statuses} value={status} onChange={(s) => setParams({ kind, status: s })} />
        </Flex>
      }
      data-testid="ops-page-requests"
    >
      {kind === 'resets' ? <ResetRequests status={status} /> : <Registrations status={status} />}
    </Card>
  );
}

function ResetRequests({ status }: { status: string }) {
  const f = useFormat('ops');
  const { t } = f;
  const { message } = App.useApp();
  const rows = usePasswordResets(status);
  const decide = useResetDecision();
  const [open, setOpen] = useState<{ row: OpsResetRow; decision: Decision } | null>(null);
  const [approved, setApproved] = useState<OpsResetApproval | null>(null);
  const close = () => {
    setOpen(null);
    decide.reset();
  };
  return (
    <>
      <QueryState query={rows} isEmpty={(data) => data.length === 0} empty={<Empty description={t('money.empty')} data-testid="ops-resets-empty" />} testId="ops-resets">
        {(data) => (
          <Table<OpsResetRow>
            rowKey="id"
            size="middle"
            dataSource={data}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { key: 'time', title: t('money.submitted'), render: (_, row) => f.dateTime(row.requestedAt) },
              { key: 'user', title: t('requests.account'), render: (_, row) => `${row.username}${row.shopName ? ` · ${row.shopName}` : ''}` },
              { key: 'contact', title: t('requests.contact'), render: (_, row) => row.contact || row.email || '—' },
              { key: 'from', title: t('requests.from'), dataIndex: 'requestedFrom' },
              {
                key: 'actions',
                title: t('money.actions'),
                render: (_, row) =>
                  row.status === 'pending' ? (
                    <DecisionButtons id={row.id} onPick={(decision) => setOpen({ row, decision })} />
                  ) : (
                    <Tag>{t(`statuses.${row.status}`)}</Tag>
                  ),
              },
            ]}
            data-testid="ops-resets-table"
          />
        )}
      </QueryState>
      {open && (
        <DecisionDialog
          open
          title={t(open.decision === 'approve' ? 'requests.approveResetTitle' : 'requests.rejectResetTitle', { name: open.row.username })}
          summary={t(open.decision === 'approve' ? 'requests.approveResetSummary' : 'requests.rejectResetSummary', { name: open.row.username })}
          okText={t(`actions.${open.decision}`)}
          danger={open.decision === 'reject'}
          reason={open.decision === 'reject' ? 'optional' : undefined}
          pending={decide.isPending}
          error={decide.error}
          onClose={close}
          onConfirm={(values) =>
            decide.mutate(
              { id: open.row.id, decision: open.decision, reason: values.reason },
              {
                onSuccess: (answer) => {
                  if (open.decision === 'approve') setApproved(answer as OpsResetApproval);
                  else void message.success(t('requests.rejected'));
                  close();
                },
              },
            )
          }
        />
      )}
      <Modal open={approved !== null} title={t('requests.linkTitle', { name: approved?.username ?? '' })} footer={null} onCancel={() => setApproved(null)} destroyOnHidden>
        {approved?.link ? (
          <>
            <Alert type="warning" showIcon message={t('requests.linkOnce', { at: f.dateTime(approved.expiresAt) })} style={{ marginBottom: 12 }} />
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={approved.link} aria-label={t('requests.link')} data-testid="ops-reset-link" />
              <Button onClick={() => void navigator.clipboard?.writeText(approved.link ?? '').then(() => message.success(t('requests.copied')))}>{t('requests.copy')}</Button>
            </Space.Compact>
          </>
        ) : (
          <Typography.Paragraph data-testid="ops-reset-emailed">{t('requests.emailed', { email: approved?.email ?? '' })}</Typography.Paragraph>
        )}
      </Modal>
    </>
  );
}

/** Approve and reject; a rejected shop may still be approved (registration-service.ts REGISTRATION_TRANSITIONS). */
function DecisionButtons({ id, onlyApprove, onPick }: { id: number; onlyApprove?: boolean; onPick: (decision: Decision) => void }) {
  const { t } = useFormat('ops');
  return (
    <Space wrap>
      <Button size="small" type="primary" onClick={() => onPick('approve')} data-testid={`ops-approve-${id}`}>
        {t('actions.approve')}
      </Button>
      {!onlyApprove && (
        <Button size="small" danger onClick={() => onPick('reject')} data-testid={`ops-reject-${id}`}>
          {t('actions.reject')}
        </Button>
      )}
    </Space>
  );
}

function Registrations({ status }: { status: string }) {
  const f = useFormat('ops');
  const { t } = f;
  const { message } = App.useApp();
  const rows = useRegistrations(status);
  const decide = useRegistrationDecision();
  const [open, setOpen] = useState<{ row: OpsRegistrationRow; decision: Decision } | null>(null);
  const close = () => {
    setOpen(null);
    decide.reset();
  };
  return (
    <>
      <QueryState query={rows} isEmpty={(data) => data.length === 0} empty={<Empty description={t('money.empty')} data-testid="ops-registrations-empty" />} testId="ops-registrations">
        {(data) => (
          <Table<OpsRegistrationRow>
            rowKey="shopId"
            size="middle"
            dataSource={data}
            scroll={{ x: 'max-content' }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { key: 'time', title: t('money.submitted'), render: (_, row) => f.dateTime(row.registeredAt) },
              { key: 'shop', title: t('money.shop'), render: (_, row) => `${row.shopName} #${row.shopId}` },
              { key: 'user', title: t('requests.account'), dataIndex: 'username' },
              { key: 'contact', title: t('requests.contact'), render: (_, row) => [row.email, row.whatsapp].filter(Boolean).join(' · ') || '—' },
              { key: 'note', title: t('money.remark'), render: (_, row) => row.note || '—' },
              {
                key: 'actions',
                title: t('money.actions'),
                render: (_, row) =>
                  row.approval === 'approved' ? <Tag>{t(`statuses.${row.approval}`)}</Tag> : <DecisionButtons id={row.shopId} onlyApprove={row.approval === 'rejected'} onPick={(decision) => setOpen({ row, decision })} />,
              },
            ]}
            data-testid="ops-registrations-table"
          />
        )}
      </QueryState>
      {open && (
        <DecisionDialog
          open
          title={t(open.decision === 'approve' ? 'requests.approveShopTitle' : 'requests.rejectShopTitle', { name: open.row.shopName })}
          summary={t(open.decision === 'approve' ? 'requests.approveShopSummary' : 'requests.rejectShopSummary')}
          okText={t(`actions.${open.decision}`)}
          danger={open.decision === 'reject'}
          reason={open.decision === 'reject' ? 'required' : undefined}
          pending={decide.isPending}
          error={decide.error}
          onClose={close}
          onConfirm={(values) =>
            decide.mutate(
              { id: open.row.shopId, decision: open.decision, reason: values.reason },
              {
                onSuccess: () => {
                  void message.success(t(open.decision === 'approve' ? 'requests.shopApproved' : 'requests.shopRejected', { name: open.row.shopName }));
                  close();
                },
              },
            )
          }
        />
      )}
    </>
  );
}
