import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueuePage, type QueueAction } from '../components/queue-page.tsx';
import { Screenshot } from '../components/screenshot.tsx';
import type { DepositItem } from '../api/money-api.ts';

const STATUSES = ['pending', 'approved', 'rejected'] as const;
const PENDING_ACTIONS: QueueAction[] = [{ action: 'approve' }, { action: 'reject', danger: true, reason: 'required' }];

/** Sellers' deposits waiting for review, oldest first, with the payment screenshot inline. */
export function DepositsPage() {
  const { t } = useTranslation('ops');
  return (
    <QueuePage<DepositItem>
      queue="deposits"
      titleKey="deposits"
      statuses={STATUSES}
      actionsFor={(row) => (row.status === 'pending' ? PENDING_ACTIONS : [])}
      describe={(row, f) => (
        <Typography.Paragraph>
          {t('money.depositSummary', { amount: f.usdt(row.amountCents), shop: row.shopId, network: row.network, address: row.address })}
        </Typography.Paragraph>
      )}
      columns={(f) => [
        { key: 'id', title: t('money.id'), dataIndex: 'id' },
        { key: 'createdAt', title: t('money.submitted'), render: (_, row) => f.dateTime(row.createdAt) },
        { key: 'shop', title: t('money.shop'), render: (_, row) => t('money.shopId', { id: row.shopId }) },
        { key: 'amount', title: t('money.amount'), align: 'right', render: (_, row) => <strong data-testid={`ops-amount-${row.id}`}>{f.usdt(row.amountCents)}</strong> },
        { key: 'network', title: t('money.network'), dataIndex: 'network' },
        { key: 'address', title: t('money.paidTo'), render: (_, row) => <Typography.Text className="ops-secret" copyable>{row.address}</Typography.Text> },
        { key: 'screenshot', title: t('money.screenshot'), render: (_, row) => <Screenshot queue="deposits" id={row.id} /> },
        { key: 'reason', title: t('money.reason'), render: (_, row) => row.rejectReason || '—' },
      ]}
    />
  );
}
