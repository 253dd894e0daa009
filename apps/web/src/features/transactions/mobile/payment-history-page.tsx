import { useMemo } from 'react';
import { Button, DotLoading, Empty, ErrorBlock, InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { RECORD_KINDS, type WalletRecord } from '@shopdesk/shared/wallet/statement';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { errorText, useInfiniteRecords } from '../../wallet/api/wallet-api.ts';
import { parseChoice } from '../../wallet/list-params.ts';
import { useWalletFormat } from '../../wallet/components/use-wallet-format.ts';
import { MobileStatusTag } from '../../wallet/mobile/status-tag.tsx';
import { MobileVoucherLink } from '../../wallet/mobile/voucher-link.tsx';
import { WalletNamespaceGate } from '../../wallet/components/wallet-namespace-gate.tsx';
import '../../wallet/wallet.css';
import '../../wallet/mobile/wallet-mobile.css';

function RecordCard({ record }: { record: WalletRecord }) {
  const f = useWalletFormat();
  const { t } = f;
  const withdrawal = record.kind === 'withdrawal';
  return (
    <div className={`m-record m-record-${record.kind}`} data-testid="m-record">
      <div className="m-record-head">
        <span className="m-record-kind" data-testid="m-record-kind">
          {f.kindLabel(record.kind)}
        </span>
        <MobileStatusTag status={record.status} kind={record.kind} />
      </div>
      <div className={`m-record-amount ${withdrawal ? 'm-minus' : 'm-plus'}`} data-testid="m-record-amount">
        {f.usdt(record.amountCents)}
      </div>
      <dl className="m-record-facts">
        <div>
          <dt>{t('columns.network')}</dt>
          <dd>
            {record.currency} · {record.network}
          </dd>
        </div>
        {withdrawal && (
          <>
            <div>
              <dt>{t('columns.fee')}</dt>
              <dd>{f.usdt(record.feeCents)}</dd>
            </div>
            <div>
              <dt>{t('columns.arrival')}</dt>
              <dd data-testid="m-record-arrival">{f.usdt(record.arrivalCents)}</dd>
            </div>
            <div>
              <dt>{t('columns.address')}</dt>
              <dd className="m-record-address">{record.address}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{t('columns.applyTime')}</dt>
          <dd>{f.dateTime(record.createdAt)}</dd>
        </div>
        {record.completedAt && (
          <div>
            <dt>{t('columns.completedTime')}</dt>
            <dd>{f.dateTime(record.completedAt)}</dd>
          </div>
        )}
        {record.remark && (
          <div>
            <dt>{t('columns.remark')}</dt>
            <dd>{record.remark}</dd>
          </div>
        )}
      </dl>
      {record.voucherUrl && <MobileVoucherLink path={record.voucherUrl} />}
    </div>
  );
}

/** Mobile "deposit and withdrawal records": each request with its status. */
function MobilePaymentHistoryPageContent() {
  const { t } = useWalletFormat();
  const [search, setSearch] = useSearchParams();
  const kind = parseChoice(search.get('kind'), RECORD_KINDS) ?? 'all';
  const filters = useMemo(() => ({ kind }), [kind]);
  const query = useInfiniteRecords(filters);
  const records = query.data?.pages.flatMap((p) => p.list) ?? [];

  let body;
  if (query.isPending)
    body = (
      <div className="m-state">
        <DotLoading color="primary" />
      </div>
    );
  else if (query.isError)
    body = (
      <ErrorBlock status="default" title={t('common:states.loadFailed')} description={errorText(query.error, '')} data-testid="m-records-error">
        <Button size="small" color="primary" fill="outline" onClick={() => void query.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </ErrorBlock>
    );
  else if (records.length === 0) body = <Empty className="m-empty" description={t('empty.records')} data-testid="m-records-empty" />;
  else
    body = (
      <PullToRefresh onRefresh={() => query.refetch().then(() => undefined)}>
        <div className="m-records" data-testid="m-records-list">
          {records.map((r) => (
            <RecordCard key={`${r.kind}-${r.id}`} record={r} />
          ))}
        </div>
        <InfiniteScroll loadMore={() => query.fetchNextPage().then(() => undefined)} hasMore={query.hasNextPage}>
          {query.hasNextPage ? <DotLoading /> : <span className="m-end">{t('list.end')}</span>}
        </InfiniteScroll>
      </PullToRefresh>
    );

  return (
    <MobilePageFrame titleKey="paymentHistory">
      <div className="m-wallet-page m-list-page" data-testid="m-payment-history-page">
        <Tabs
          activeKey={kind}
          onChange={(key) => setSearch(key === 'all' ? new URLSearchParams() : new URLSearchParams({ kind: key }), { replace: true })}
          className="m-tabs"
        >
          {RECORD_KINDS.map((k) => (
            <Tabs.Tab key={k} title={<span data-testid={`m-records-tab-${k}`}>{t(`recordTabs.${k}`)}</span>} />
          ))}
        </Tabs>
        {body}
      </div>
    </MobilePageFrame>
  );
}

export function MobilePaymentHistoryPage() {
  return (
    <WalletNamespaceGate fallback={<MobilePageFrame titleKey="paymentHistory"><div className="m-state"><DotLoading color="primary" /></div></MobilePageFrame>}>
      <MobilePaymentHistoryPageContent />
    </WalletNamespaceGate>
  );
}
