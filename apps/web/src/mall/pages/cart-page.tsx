import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ORDERS } from '@shopdesk/shared/constants';
import { lineName } from '@shopdesk/shared/products/variant-names';
import { useCart, useRemoveCartItem, useUpdateCartItem } from '../api/mall-api.ts';
import type { CartItem } from '../api/types.ts';
import { buyableIds, lineBuyable, selectCart } from '../logic/cart.ts';
import { Empty, ErrorState, Img, Loading, PageHead, useMallFormat, VariantName } from '../components/ui.tsx';
import { Stepper } from '../components/stepper.tsx';
import { Icon } from '../components/icons.tsx';
import { showError } from '../components/toast.ts';

function Line({ item, checked, onToggle }: { item: CartItem; checked: boolean; onToggle: () => void }) {
  const f = useMallFormat();
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const buyable = lineBuyable(item);
  const setQuantity = (quantity: number) => update.mutate({ itemId: item.itemId, quantity }, { onError: (error) => showError(error, f.t('state.error')) });
  return (
    <li className={`mall-cart-line${buyable ? '' : ' unavailable'}`} data-testid="cart-line">
      <input type="checkbox" className="mall-check" checked={checked && buyable} disabled={!buyable} onChange={onToggle} aria-label={f.t('cart.select', { name: lineName(item.name, item.variantName) })} />
      {/* The picture repeats the name's link beside it: one stop for the keyboard and screen readers. */}
      <Link to={`/mall/product/${item.productId}`} className="mall-cart-thumb" tabIndex={-1} aria-hidden="true">
        <Img src={item.cover} alt="" width={80} height={80} />
      </Link>
      <div className="mall-cart-info">
        <Link to={`/mall/product/${item.productId}`} className="mall-cart-name">
          {item.name}
        </Link>
        <VariantName name={item.variantName} testId="cart-variant" />
        {!item.available ? (
          <span className="mall-badge mall-badge-muted" data-testid="cart-unavailable">
            {f.t('cart.unavailable')}
          </span>
        ) : item.quantity > item.stock ? (
          <span className="mall-badge mall-badge-warn">{f.t('cart.onlyLeft', { count: item.stock })}</span>
        ) : null}
        <div className="mall-cart-row">
          <span className="mall-price-now">{f.usdt(item.salePriceCents)}</span>
          {item.normalPriceCents !== null && (
            <span className="mall-small" data-testid="cart-deal">
              <s className="mall-price-was">{f.usdt(item.normalPriceCents)}</s> <span className="mall-badge">{f.t('deals.badge')}</span>
            </span>
          )}
          {item.available ? (
            <Stepper value={item.quantity} max={Math.min(item.stock, ORDERS.QUANTITY_MAX)} onChange={setQuantity} disabled={update.isPending} label={f.t('cart.quantityOf', { name: lineName(item.name, item.variantName) })} />
          ) : (
            <span className="mall-muted">×{item.quantity}</span>
          )}
        </div>
      </div>
      <button type="button" className="mall-icon-btn" disabled={remove.isPending} onClick={() => remove.mutate(item.itemId, { onError: (error) => showError(error, f.t('state.error')) })} aria-label={f.t('cart.remove', { name: lineName(item.name, item.variantName) })} data-testid="cart-remove">
        <Icon name="trash" size={18} />
      </button>
    </li>
  );
}

export function CartPage() {
  const f = useMallFormat();
  const navigate = useNavigate();
  const cart = useCart();
  // Lines the buyer unticked; every other buyable line is in (a new line arrives ticked).
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set());
  if (cart.isPending) return <Loading />;
  if (cart.isError) return <ErrorState error={cart.error} onRetry={() => void cart.refetch()} />;
  const all = buyableIds(cart.data);
  const selected = new Set(all.filter((id) => !excluded.has(id)));
  const selection = selectCart(cart.data, selected);
  const toggle = (ids: number[], on: boolean) =>
    setExcluded((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  const allOn = all.length > 0 && all.every((id) => selected.has(id));

  return (
    <div className="mall-page mall-cart" data-testid="mall-cart">
      <PageHead title={f.t('cart.title')} />
      {cart.data.shops.length === 0 ? (
        <Empty
          icon="cart"
          title={f.t('cart.empty')}
          hint={f.t('cart.emptyHint')}
          action={
            <Link to="/mall" className="mall-btn">
              {f.t('cart.startShopping')}
            </Link>
          }
        />
      ) : (
        <>
          {cart.data.shops.map((shop) => {
            const ids = shop.items.filter(lineBuyable).map((i) => i.itemId);
            const shopOn = ids.length > 0 && ids.every((id) => selected.has(id));
            return (
              <section key={shop.shopId} className="mall-panel mall-cart-shop" data-testid="cart-shop">
                <header className="mall-cart-shop-head">
                  <input type="checkbox" className="mall-check" checked={shopOn} disabled={ids.length === 0} onChange={() => toggle(ids, !shopOn)} aria-label={f.t('cart.selectShop', { shop: shop.shopName })} />
                  <Icon name="store" size={18} />
                  <Link to={`/mall/shop/${shop.shopId}`} className="mall-cart-shop-name">
                    {shop.shopName}
                  </Link>
                </header>
                <ul className="mall-cart-lines">
                  {shop.items.map((item) => (
                    <Line key={item.itemId} item={item} checked={selected.has(item.itemId)} onToggle={() => toggle([item.itemId], !selected.has(item.itemId))} />
                  ))}
                </ul>
              </section>
            );
          })}
          <div className="mall-sticky-bar">
            <label className="mall-select-all">
              <input type="checkbox" className="mall-check" checked={allOn} disabled={all.length === 0} onChange={() => toggle(all, !allOn)} />
              {f.t('cart.selectAll')}
            </label>
            <span className="mall-sticky-total">
              <span className="mall-muted">{f.t('cart.total')}</span>
              <strong data-testid="cart-total">{f.usdt(selection.subtotalCents)}</strong>
              {selection.dealSavingCents > 0 && (
                <span className="mall-small mall-deal-saving" data-testid="cart-deal-saving">
                  {f.t('deals.saved', { amount: f.usdt(selection.dealSavingCents) })}
                </span>
              )}
            </span>
            <button type="button" className="mall-btn" disabled={selection.items.length === 0} onClick={() => void navigate(`/mall/checkout?items=${selection.items.map((i) => i.itemId).join(',')}`)} data-testid="cart-checkout">
              {f.t('cart.checkout', { count: selection.quantity })}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
