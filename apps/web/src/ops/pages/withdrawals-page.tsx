import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueuePage, type QueueAction } from '../components/queue-page.tsx';
import type { WithdrawalItem } from '../api/money-api.ts';

const STATUSES = ['pending', 'approved', 'processing', 'completed', 'failed', 'rejected'] as const;

/**
 * What an operator may do in each status: the server's withdrawal table (WITHDRAWAL_TRANSITIONS)
 * seen from the console. Completing asks for the payout's transaction hash, refusing for a reason.
 */
const ACTIONS: Record<string, QueueAction[]> = {
  pending: [{ action: 'approve' }, { action: 'reject', danger: true, reason: 'required' }],
  approved: [{ action: 'process' }, { action: 'complete', txHash: true, reason: 'optional' }, { action: 'fail', danger: true, reason: 'required' }],
  processing: [{ action: 'complete', txHash: true, reason: 'optional' }, { action: 'fail', danger: true, reason: 'required' }],
};

/** Sellers' withdrawals through their whole lifecycle, pending oldest first. */
export function WithdrawalsPage() {
  const { t } = useTranslation('ops');
  return (
    <QueuePage<WithdrawalItem>
      queue="withdrawals"
      titleKey="withdrawals"
      statuses={STATUSES}
      actionsFor={(row) => ACTIONS[row.status] ?? []}
      describe={(row, f) => (
        <Typography.Paragraph>
          {t('money.withdrawalSummary', { amount: f.usdt(row.amountCents), arrival: f.usdt(row.arrivalCents), shop: row.shopId, network: row.network, address: row.address })}
        </Typography.Paragraph>
      )}
      columns={(f) => [
        { key: 'id', title: t('money.id'), dataIndex: 'id' },
        { key: 'createdAt', title: t('money.submitted'), render: (_, row) => f.dateTime(row.createdAt) },
        { key: 'shop', title: t('money.shop'), render: (_, row) => t('money.shopId', { id: row.shopId }) },
        { key: 'amount', title: t('money.amount'), align: 'right', render: (_, row) => <strong>{f.usdt(row.amountCents)}</strong> },
        { key: 'fee', title: t('money.fee'), align: 'right', render: (_, row) => f.cents(row.feeCents) },
        { key: 'arrival', title: t('money.arrival'), align: 'right', render: (_, row) => f.usdt(row.arrivalCents) },
        { key: 'network', title: t('money.network'), dataIndex: 'network' },
        { key: 'address', title: t('money.payTo'), render: (_, row) => <Typography.Text className="ops-secret" copyable>{row.address}</Typography.Text> },
        {
          key: 'txHash',
          title: t('money.txHash'),
          render: (_, row) =>
            row.payoutTxHash ? (
              <Typography.Text className="ops-secret" copyable data-testid={`ops-txhash-${row.id}`}>
                {row.payoutTxHash}
              </Typography.Text>
            ) : (
              '—'
            ),
        },
        { key: 'remark', title: t('money.remark'), render: (_, row) => row.remark || '—' },
      ]}
    />
  );
}
