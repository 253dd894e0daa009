import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueuePage, type QueueAction } from '../components/queue-page.tsx';
import { Screenshot } from '../components/screenshot.tsx';
import type { BuyerDepositItem } from '../api/money-api.ts';

const STATUSES = ['pending', 'approved', 'rejected'] as const;
const PENDING_ACTIONS: QueueAction[] = [{ action: 'approve' }, { action: 'reject', danger: true, reason: 'required' }];

/** Mall buyers' deposits waiting for review, oldest first: the address the money came from, matched on the chain. */
export function BuyerDepositsPage() {
  const { t } = useTranslation('ops');
  return (
    <QueuePage<BuyerDepositItem>
      queue="buyerDeposits"
      titleKey="buyerDeposits"
      statuses={STATUSES}
      actionsFor={(row) => (row.status === 'pending' ? PENDING_ACTIONS : [])}
      describe={(row, f) => (
        <Typography.Paragraph>
          {t('money.buyerDepositSummary', { amount: f.usdt(row.amountCents), buyer: row.buyerId, network: row.network, from: row.fromAddress })}
        </Typography.Paragraph>
      )}
      columns={(f) => [
        { key: 'id', title: t('money.id'), dataIndex: 'id' },
        { key: 'createdAt', title: t('money.submitted'), render: (_, row) => f.dateTime(row.createdAt) },
        { key: 'buyer', title: t('money.buyer'), render: (_, row) => t('money.buyerId', { id: row.buyerId }) },
        { key: 'amount', title: t('money.amount'), align: 'right', render: (_, row) => <strong>{f.usdt(row.amountCents)}</strong> },
        { key: 'network', title: t('money.network'), dataIndex: 'network' },
        { key: 'from', title: t('money.fromAddress'), render: (_, row) => <Typography.Text className="ops-secret" copyable>{row.fromAddress}</Typography.Text> },
        { key: 'address', title: t('money.paidTo'), render: (_, row) => <Typography.Text className="ops-secret">{row.address}</Typography.Text> },
        { key: 'screenshot', title: t('money.screenshot'), render: (_, row) => <Screenshot queue="buyerDeposits" id={row.id} /> },
        { key: 'reason', title: t('money.reason'), render: (_, row) => row.rejectReason || '—' },
      ]}
    />
  );
}
