import { useRef } from 'react';
import { DotLoading, Dropdown, List, Selector, type DropdownRef } from 'antd-mobile';
import type { TransactionLine } from '@shopdesk/shared/wallet/transactions';
import { MobileScrollFeed } from '../../../components/mobile/scroll-feed.tsx';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { useTransactionsScreen } from '../hooks/use-statements.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { MobileStatusTag } from '../../../components/mobile/status-tag.tsx';
import { MobileVoucherLink } from '../../../components/mobile/voucher-link.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import '../../../styles/money-pages.css';
import '../../../styles/money-pages-mobile.css';

const ALL = 'all';

function Line({ line }: { line: TransactionLine }) {
  const f = useFormat('wallet');
  return (
    <List.Item
      className="m-line"
      data-testid="m-line"
      description={
        <div className="m-line-meta">
          <div>{f.dateTime(line.createdAt)}</div>
          <div data-testid="m-line-before">{f.t('columns.before')}: {f.cents(line.balanceBeforeCents)}</div>
          {line.withdrawal && (
            <div data-testid="m-line-withdrawal">
              {f.t('columns.fee')}: {f.cents(line.withdrawal.feeCents)} · {f.t('columns.arrival')}: {f.cents(line.withdrawal.arrivalCents)}
            </div>
          )}
          {line.orderId && <div>{f.t('columns.orderId')}: {line.orderId}</div>}
          <div>{f.t('columns.serialNo')}: {line.serialNo}</div>
          {line.remark && <div data-testid="m-line-remark">{f.t('columns.remark')}: {f.remark(line.remark)}</div>}
          {line.voucherUrl && <MobileVoucherLink path={line.voucherUrl} />}
        </div>
      }
      extra={
        <div className="m-line-amounts">
          <div className={`m-line-change ${line.changeCents >= 0 ? 'm-plus' : 'm-minus'}`} data-testid="m-line-change">
            {f.change(line.changeCents)}
          </div>
          <div className="m-line-after">{f.t('columns.afterShort', { amount: f.cents(line.balanceAfterCents) })}</div>
          <MobileStatusTag status={line.status} label={f.statusLabel(line.status)} />
        </div>
      }
    >
      <span className="m-line-type" data-testid="m-line-type">
        {f.typeLabel(line.type)}
      </span>
    </List.Item>
  );
}

/** Mobile "funding records": the statement lines, scrolled in pages, filtered by change type. */
function MobileTransactionsPageContent() {
  const f = useFormat('wallet');
  const { t } = f;
  const screen = useTransactionsScreen('feed');
  const { type } = screen.state;
  const query = screen.feed;
  const dropdown = useRef<DropdownRef>(null);
  const lines = query.data?.pages.flatMap((p) => p.list) ?? [];

  const options = [{ value: ALL, label: t('filters.allTypes') }, ...screen.types];

  const body = (
    <MobileScrollFeed query={query} count={lines.length} emptyText={screen.emptyText} endText={t('list.end')} testId="m-transactions">
      <List className="m-list m-lines" data-testid="m-transactions-list">
        {lines.map((line) => (
          <Line key={line.serialNo} line={line} />
        ))}
      </List>
    </MobileScrollFeed>
  );

  return (
    <MobilePageFrame titleKey="transactions">
      <div className="m-wallet-page m-list-page" data-testid="m-transactions-page">
        <Dropdown ref={dropdown} className="m-filter-bar">
          <Dropdown.Item key="type" title={type ? f.typeLabel(type) : t('filters.allTypes')} data-testid="m-transactions-type">
            <div className="m-filter-panel">
              <Selector
                columns={2}
                value={[type ?? ALL]}
                options={options}
                onChange={(v) => {
                  const next = v[0];
                  if (!next) return;
                  screen.update({ type: next === ALL ? undefined : next }, { replace: true });
                  dropdown.current?.close();
                }}
              />
            </div>
          </Dropdown.Item>
        </Dropdown>
        {body}
      </div>
    </MobilePageFrame>
  );
}

export function MobileTransactionsPage() {
  return (
    <NamespaceGate ns="wallet" fallback={<MobilePageFrame titleKey="transactions"><div className="m-state"><DotLoading color="primary" /></div></MobilePageFrame>}>
      <MobileTransactionsPageContent />
    </NamespaceGate>
  );
}
