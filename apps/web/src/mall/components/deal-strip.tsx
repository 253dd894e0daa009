import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useNow } from '../../lib/use-now.ts';
import { mallKeys, useMallDeals } from '../api/mall-api.ts';
import type { MallDeal } from '../api/types.ts';
import { countdownParts, countdownText } from '../logic/deals.ts';
import { Img, useMallFormat } from './ui.tsx';

/** One deal: its price against the normal one, a live countdown to its end and the units left. */
function DealTicket({ deal, linked }: { deal: MallDeal; linked: boolean }) {
  const f = useMallFormat();
  const client = useQueryClient();
  const parts = countdownParts(deal.endsAt, useNow(1000));
  // At its end the normal price returns: the deals are asked again (the ended one drops out), and
  // the cart with them.
  useEffect(() => {
    if (parts.ended) void Promise.all([client.invalidateQueries({ queryKey: mallKeys.deals() }), client.invalidateQueries({ queryKey: mallKeys.cart() })]);
  }, [parts.ended, client]);
  if (parts.ended) return null;
  const body = (
    <>
      {linked && <Img src={deal.cover} alt="" width={56} height={56} className="mall-deal-cover" />}
      <div className="mall-deal-body">
        {linked && <span className="mall-deal-name">{deal.productName}</span>}
        <span className="mall-deal-prices">
          <strong className="mall-deal-price" data-testid="deal-price">
            {f.usdt(deal.dealPriceCents)}
          </strong>{' '}
          <s className="mall-price-was">{f.usdt(deal.normalPriceCents)}</s>
        </span>
        <span className="mall-small">
          <span data-testid="deal-countdown" aria-label={f.t('deals.endsInLabel', { time: countdownText(parts) })}>
            {f.t('deals.endsIn', { time: countdownText(parts) })}
          </span>
          {' · '}
          <span data-testid="deal-remaining">{f.t('deals.left', { count: deal.remaining })}</span>
        </span>
      </div>
    </>
  );
  return (
    <li className="mall-deal" data-testid="mall-deal" data-deal-id={deal.id}>
      {linked ? (
        <Link to={`/mall/product/${deal.productId}`} className="mall-deal-link">
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  );
}

/**
 * A shop's running flash deals (on its page, each linking to its product) or a product's (on the
 * product page). Nothing shows while they load, on an error, or when there are none: the page and
 * its normal prices work without them.
 */
export function DealStrip({ of, id }: { of: 'shop' | 'product'; id: number }) {
  const f = useMallFormat();
  const deals = useMallDeals(of, id);
  if (!deals.data || deals.data.length === 0) return null;
  return (
    <section className="mall-section mall-deals" aria-labelledby={`mall-deals-${of}`}>
      <h2 id={`mall-deals-${of}`} className="mall-section-title">
        {f.t('deals.title')}
      </h2>
      <ul className="mall-deal-list">
        {deals.data.map((d) => (
          <DealTicket key={d.id} deal={d} linked={of === 'shop'} />
        ))}
      </ul>
    </section>
  );
}
