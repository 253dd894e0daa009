import type { VoucherCard } from '@shopdesk/shared/chat/schemas';
import { useFormat } from '../../../lib/use-format.ts';
import type { ChatScreen } from '../hooks/use-chat-screen.ts';

type Terms = Pick<VoucherCard, 'kind' | 'amountOffCents' | 'percentOff' | 'maxDiscountCents' | 'minSpendCents'>;

/** A voucher's discount in one line: "5.00 off", "10% off, up to 3.00", and its minimum spend. */
export function VoucherTerms({ terms }: { terms: Terms }) {
  const f = useFormat('chat');
  const off =
    terms.kind === 'amount'
      ? f.t('voucher.amountOff', { amount: f.usdt(terms.amountOffCents ?? 0) })
      : f.t('voucher.percentOff', { percent: terms.percentOff ?? 0, max: f.usdt(terms.maxDiscountCents ?? 0) });
  return (
    <span>
      {off}
      {terms.minSpendCents > 0 && ` · ${f.t('voucher.minSpend', { amount: f.usdt(terms.minSpendCents) })}`}
    </span>
  );
}

/** A voucher card in the conversation (both devices): its name, terms, code or "public", and its end. */
export function VoucherCardView({ card }: { card: VoucherCard }) {
  const f = useFormat('chat');
  return (
    <div className="chat-card chat-card-text chat-voucher-card" data-testid="chat-voucher-card">
      <span className="chat-muted">{f.t('voucher.label')}</span>
      <span className="chat-card-name">{card.name}</span>
      <VoucherTerms terms={card} />
      <span className="chat-muted">
        {card.code ? (
          <>
            {f.t('voucher.code')} <strong translate="no">{card.code}</strong>
          </>
        ) : (
          f.t('voucher.public')
        )}{' '}
        · {f.t('voucher.ends', { date: f.dateTime(card.endsAt) })}
      </span>
    </div>
  );
}

/** The shop's running vouchers to send one as a card (inside the desktop's dialog or the phone's sheet). */
export function VoucherPickList({ screen }: { screen: ChatScreen }) {
  const f = useFormat('chat');
  const v = screen.vouchers;
  if (!v) return null;
  if (v.query.isPending) return <p className="chat-muted">{f.t('voucher.loading')}</p>;
  if (v.query.isError) {
    return (
      <p className="chat-muted">
        {f.t('common:states.loadFailed')}{' '}
        <button type="button" className="chat-reply-option" onClick={() => void v.query.refetch()}>
          {f.t('common:actions.retry')}
        </button>
      </p>
    );
  }
  if (v.list.length === 0) return <p className="chat-muted">{f.t('voucher.none')}</p>;
  return (
    <ul className="chat-conversations" data-testid="chat-voucher-list">
      {v.list.map((voucher) => (
        <li key={voucher.id} className="chat-order">
          <div className="chat-card chat-card-text">
            <span className="chat-card-name">{voucher.name}</span>
            <VoucherTerms terms={voucher} />
            <span className="chat-muted">
              {voucher.code ? `${f.t('voucher.code')} ${voucher.code}` : f.t('voucher.public')} · {f.t('voucher.ends', { date: f.dateTime(voucher.endsAt) })}
            </span>
          </div>
          <span className="chat-order-actions">
            <button type="button" className="chat-order-action" disabled={v.sending} onClick={() => v.send(voucher.id)} aria-label={f.t('voucher.sendNamed', { name: voucher.name })} data-testid="chat-voucher-send">
              {f.t('voucher.send')}
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
