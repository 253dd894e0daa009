import { DotLoading, Tabs } from 'antd-mobile';
import type { PaymentHistoryKind, PaymentHistoryLine } from '@shopdesk/shared/wallet/transactions';
import { MobileScrollFeed } from '../../../components/mobile/scroll-feed.tsx';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { usePaymentHistoryScreen } from '../hooks/use-statements.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { MobileStatusTag } from '../../../components/mobile/status-tag.tsx';
import { MobileVoucherLink } from '../../../components/mobile/voucher-link.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import '../../../styles/money-pages.css';
import '../../../styles/money-pages-mobile.css';

function PaymentHistoryCard({ line }: { line: PaymentHistoryLine }) {
  const f = useFormat('wallet');
  const { t } = f;
  const withdrawal = line.kind === 'withdrawal';
  return (
    <div className={`m-record m-record-${line.kind}`} data-testid="m-payment-history-line">
      <div className="m-record-head">
        <span className="m-record-kind" data-testid="m-payment-history-kind">
          {f.kindLabel(line.kind)}
        </span>
        <MobileStatusTag status={line.status} kind={line.kind} label={f.statusLabel(line.status)} />
      </div>
      <div className={`m-record-amount ${withdrawal ? 'm-minus' : 'm-plus'}`} data-testid="m-payment-history-amount">
        {f.usdt(line.amountCents)}
      </div>
      <dl className="m-record-facts">
        <div>
          <dt>{t('columns.network')}</dt>
          <dd>
            {line.currency} · {line.network}
          </dd>
        </div>
        {withdrawal && (
          <>
            <div>
              <dt>{t('columns.fee')}</dt>
              <dd>{f.usdt(line.feeCents)}</dd>
            </div>
            <div>
              <dt>{t('columns.arrival')}</dt>
              <dd data-testid="m-payment-history-arrival">{f.usdt(line.arrivalCents)}</dd>
            </div>
            <div>
              <dt>{t('columns.address')}</dt>
              <dd className="m-record-address">{line.address}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{t('columns.applyTime')}</dt>
          <dd>{f.dateTime(line.createdAt)}</dd>
        </div>
        {line.completedAt && (
          <div>
            <dt>{t('columns.completedTime')}</dt>
            <dd>{f.dateTime(line.completedAt)}</dd>
          </div>
        )}
        {line.payoutTxHash && (
          <div>
            <dt>{t('columns.payoutTxHash')}</dt>
            <dd className="m-record-address" data-testid="m-payment-history-tx-hash">
              {line.payoutTxHash}
            </dd>
          </div>
        )}
        {line.remark && (
          <div>
            <dt>{t('columns.remark')}</dt>
            <dd>{line.remark}</dd>
          </div>
        )}
      </dl>
      {line.voucherUrl && <MobileVoucherLink path={line.voucherUrl} />}
    </div>
  );
}

/** Mobile payment history (SPEC "deposit and withdrawal records"): each request with its status. */
function MobilePaymentHistoryPageContent() {
  const { t } = useFormat('wallet');
  const screen = usePaymentHistoryScreen('feed');
  const { kind } = screen.state;
  const query = screen.feed;
  const lines = query.data?.pages.flatMap((p) => p.list) ?? [];

  const body = (
    <MobileScrollFeed query={query} count={lines.length} emptyText={screen.emptyText} endText={t('list.end')} testId="m-payment-history">
      <div className="m-records" data-testid="m-payment-history-list">
        {lines.map((r) => (
          <PaymentHistoryCard key={`${r.kind}-${r.id}`} line={r} />
        ))}
      </div>
    </MobileScrollFeed>
  );

  return (
    <MobilePageFrame titleKey="paymentHistory">
      <div className="m-wallet-page m-list-page" data-testid="m-payment-history-page">
        <Tabs
          activeKey={kind}
          onChange={(key) => screen.setKind(key as PaymentHistoryKind)}
          className="m-tabs"
        >
          {screen.kinds.map((k) => (
            <Tabs.Tab key={k.value} title={<span data-testid={`m-payment-history-tab-${k.value}`}>{k.label}</span>} />
          ))}
        </Tabs>
        {body}
      </div>
    </MobilePageFrame>
  );
}

export function MobilePaymentHistoryPage() {
  return (
    <NamespaceGate ns="wallet" fallback={<MobilePageFrame titleKey="paymentHistory"><div className="m-state"><DotLoading color="primary" /></div></MobilePageFrame>}>
      <MobilePaymentHistoryPageContent />
    </NamespaceGate>
  );
}
