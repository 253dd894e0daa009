import { Selector, Tag } from 'antd-mobile';
import { PACKAGE_STATUSES, type PackageStatus, type PurchaseHistoryLine } from '@shopdesk/shared/marketing/packages-schemas';
import { MobileInfiniteList } from '../../../components/mobile/infinite-list.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { usePurchaseHistoryScreen } from '../hooks/use-purchase-history-screen.ts';

const STATUS_COLORS: Record<PackageStatus, string> = { active: 'success', expired: 'default', replaced: 'primary' };

function PurchaseCard({ line, screen }: { line: PurchaseHistoryLine; screen: ReturnType<typeof usePurchaseHistoryScreen> }) {
  const f = useFormat('packages');
  const { t } = f;
  const validity = screen.validity(line);
  return (
    <div className="m-record" data-testid="m-purchase-line">
      <div className="m-record-head">
        <span className={`m-record-kind pkg-name-${line.type}`}>
          #{line.index} · {screen.typeName(line.type)}
        </span>
        <Tag color={STATUS_COLORS[line.status]} fill="outline" data-testid={`m-purchase-status-${line.status}`}>
          {screen.statusLabel(line.status)}
        </Tag>
      </div>
      <div className="m-record-amount m-minus">{f.usdt(line.amountCents)}</div>
      <dl className="m-record-facts">
        <div>
          <dt>{t('history.columns.purchasedAt')}</dt>
          <dd>{f.dateTime(line.purchasedAt)}</dd>
        </div>
        <div>
          <dt>{t('history.columns.validity')}</dt>
          <dd>
            {validity.days}
            {validity.credited && ` · ${validity.credited}`}
          </dd>
        </div>
        <div>
          <dt>{t('history.columns.expiresAt')}</dt>
          <dd>{f.dateTime(line.expiresAt)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** The phone's purchase history (a tab of /m/shop-express): status filter in the URL, scrolling pages. */
export function MobilePackageHistoryList() {
  const { t } = useFormat('packages');
  const screen = usePurchaseHistoryScreen('feed');
  const { state, update } = screen;

  const body = (
    <MobileInfiniteList
      query={screen.feed}
      emptyText={screen.emptyText}
      emptyClassName="m-empty"
      testId="m-purchase-history"
      endText={t('history.end')}
    >
      {(lines) => (
        <div className="m-records" data-testid="m-purchase-history-list">
          {lines.map((line) => (
            <PurchaseCard key={line.id} line={line} screen={screen} />
          ))}
        </div>
      )}
    </MobileInfiniteList>
  );

  return (
    <div data-testid="m-purchase-history">
      <Selector
        className="m-pkg-filter"
        columns={3}
        value={state.status ? [state.status] : []}
        options={PACKAGE_STATUSES.map((s) => ({ value: s, label: screen.statusLabel(s) }))}
        onChange={(v) => update({ status: v[0] }, { replace: true })}
      />
      {body}
    </div>
  );
}
