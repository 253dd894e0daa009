import { Alert, Button, Card, Flex, Result, Table, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { QueryState } from '../../components/desktop/query-state.tsx';
import { useFormat } from '../../lib/use-format.ts';
import { useMoneyOverview, useReconcile } from '../api/catalog-api.ts';
import { errorText } from '../api/error-text.ts';

/** The platform's money from the ledger, and the reconcile check run on demand. */
export function MoneyPage() {
  const f = useFormat('ops');
  const { t, usdt } = f;
  const overview = useMoneyOverview();
  const reconcile = useReconcile();
  return (
    <div data-testid="ops-money">
      <Typography.Title level={3}>{t('menu.money')}</Typography.Title>
      <QueryState query={overview} testId="money-overview">
        {(data) => (
        <>
          <Flex wrap gap={16}>
            {(
              [
                ['depositsToday', usdt(data.today.depositsCents), t('overview.count', { n: data.today.depositsCount })],
                ['withdrawalsToday', usdt(data.today.withdrawalsCents), t('overview.count', { n: data.today.withdrawalsCount })],
                ['feesToday', usdt(data.today.feesCents), ''],
                ['packagesToday', usdt(data.today.packagesCents), ''],
                ['shopsAvailable', usdt(data.shopsAvailableCents), ''],
                ['shopsFrozen', usdt(data.shopsFrozenCents), ''],
                ['buyersWallets', usdt(data.buyersWalletCents), ''],
                ['pending', `${data.pending.deposits} / ${data.pending.withdrawals}`, t('overview.pendingHint')],
              ] as const
            ).map(([key, value, hint]) => (
              <Card size="small" key={key} style={{ width: 'calc(25% - 12px)' }} data-testid={`money-${key}`}>
                  <Typography.Text type="secondary">{t(`overview.${key}`)}</Typography.Text>
                  <Typography.Title level={4} style={{ margin: '4px 0' }}>
                    {value}
                  </Typography.Title>
                  {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
                </Card>
            ))}
          </Flex>
          <Card title={t('overview.platformAccounts')} size="small" style={{ marginTop: 16 }}>
            <Table
              size="small"
              rowKey="code"
              pagination={false}
              dataSource={data.platformAccounts}
              columns={[
                { title: t('overview.platformAccounts'), dataIndex: 'code', render: (code: string) => <span data-testid={`money-account-${code}`}>{t(`platformAccounts.${code.replace(/^platform:/, '')}`, { defaultValue: code })}</span> },
                { title: t('money.amount'), dataIndex: 'balanceCents', align: 'right', render: (c: number) => usdt(c) },
              ]}
            />
          </Card>
        </>
        )}
      </QueryState>
      <Card title={t('overview.reconcile')} size="small" style={{ marginTop: 16 }} data-testid="money-reconcile">
        <Typography.Paragraph type="secondary">{t('overview.reconcileHint')}</Typography.Paragraph>
        <Button type="primary" icon={<SyncOutlined aria-hidden />} loading={reconcile.isPending} onClick={() => reconcile.mutate()} data-testid="money-reconcile-run">
          {t('overview.runReconcile')}
        </Button>
        {reconcile.isError && <Alert type="error" showIcon message={errorText(reconcile.error, t)} style={{ marginTop: 16 }} />}
        {reconcile.data && (
          <Result
            status={reconcile.data.ok ? 'success' : 'error'}
            title={reconcile.data.ok ? t('overview.reconcileOk') : t('overview.reconcileBroken', { n: reconcile.data.breaks.length })}
            subTitle={t('overview.reconcileFigures', { accounts: reconcile.data.accounts, transfers: reconcile.data.transfers, at: f.dateTime(new Date(reconcile.submittedAt).toISOString()) })}
            extra={reconcile.data.breaks.map((b) => (
              <Typography.Text type="danger" key={b} style={{ display: 'block' }}>
                {b}
              </Typography.Text>
            ))}
            data-testid="money-reconcile-result"
          />
        )}
      </Card>
    </div>
  );
}
