import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAddresses, useCart, useCheckout, useMe, useMyCoupons, useMyVouchers, useSaveAddress, type CheckoutInput } from '../api/mall-api.ts';
import { useMoneyAction } from '../../lib/money-action.ts';
import type { AddressInput, CheckoutAnswer, CouponClaim } from '../api/types.ts';
import { lineName } from '@shopdesk/shared/products/variant-names';
import { selectCart } from '../logic/cart.ts';
import { couponDiscount } from '@shopdesk/shared/mall/coupons';
import { couponState } from '../logic/pricing.ts';
import { EMPTY_ADDRESS, validateAddress, type AddressErrors } from '../logic/address.ts';
import { AddressFields, AddressSummary } from '../components/address-form.tsx';
import { Empty, ErrorState, Img, Loading, PageHead, useMallFormat, VariantName } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { showError } from '../components/toast.ts';
import { CouponText } from './coupons-page.tsx';
import { ShopVoucherPicker } from '../components/shop-voucher-picker.tsx';
import { bestVoucher, voucherUse } from '../logic/vouchers.ts';

function Success({ answer }: { answer: CheckoutAnswer }) {
  const f = useMallFormat();
  return (
    <div className="mall-page mall-checkout-done" data-testid="checkout-success">
      <div className="mall-panel mall-center">
        <span className="mall-success-mark" aria-hidden="true">
          <Icon name="check" size={36} />
        </span>
        <h1>{f.t('checkout.successTitle')}</h1>
        <p className="mall-muted">{f.t('checkout.successText', { count: answer.orders.length })}</p>
        <dl className="mall-summary">
          <div>
            <dt>{f.t('checkout.itemsTotal')}</dt>
            <dd>{f.usdt(answer.totalCents)}</dd>
          </div>
          {answer.dealSavingCents > 0 && (
            <div>
              <dt>{f.t('deals.saving')}</dt>
              <dd className="mall-good" data-testid="checkout-done-deal-saving">
                {f.usdt(answer.dealSavingCents)}
              </dd>
            </div>
          )}
          {answer.sellerDiscountCents > 0 && (
            <div>
              <dt>{f.t('checkout.shopVouchers')}</dt>
              <dd className="mall-good" data-testid="checkout-done-seller-discount">−{f.usdt(answer.sellerDiscountCents)}</dd>
            </div>
          )}
          {answer.discountCents > 0 && (
            <div>
              <dt>{f.t('checkout.discount')}</dt>
              <dd className="mall-good">−{f.usdt(answer.discountCents)}</dd>
            </div>
          )}
          <div className="mall-summary-total">
            <dt>{f.t('checkout.paid')}</dt>
            <dd data-testid="checkout-paid">{f.usdt(answer.paidCents)}</dd>
          </div>
          <div>
            <dt>{f.t('checkout.balanceLeft')}</dt>
            <dd>{f.usdt(answer.balanceCents)}</dd>
          </div>
        </dl>
        <ul className="mall-order-mini">
          {answer.orders.map((order) => (
            <li key={order.orderId}>
              <Link to={`/mall/orders/${order.orderId}`} data-testid="checkout-order">
                {lineName(order.productName, order.variantName)} ×{order.quantity}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mall-actions">
          <Link to="/mall/orders" className="mall-btn">
            {f.t('checkout.viewOrders')}
          </Link>
          <Link to="/mall" className="mall-btn mall-btn-ghost">
            {f.t('checkout.keepShopping')}
          </Link>
        </div>
      </div>
    </div>
  );
}

function CouponPicker({ claims, subtotalCents, value, onChange }: { claims: CouponClaim[]; subtotalCents: number; value: number | null; onChange: (claimId: number | null) => void }) {
  const f = useMallFormat();
  const now = new Date();
  const unused = claims.filter((c) => !c.usedAt);
  return (
    <section className="mall-panel mall-section" aria-labelledby="checkout-coupon-title">
      <h2 id="checkout-coupon-title" className="mall-section-title">
        {f.t('checkout.coupon')}
      </h2>
      {unused.length === 0 ? (
        <p className="mall-muted">
          {f.t('checkout.noCoupons')}{' '}
          <Link to="/mall/coupons" className="mall-link">
            {f.t('checkout.getCoupons')}
          </Link>
        </p>
      ) : (
        <div className="mall-options" role="radiogroup" aria-labelledby="checkout-coupon-title">
          <label className="mall-option">
            <input type="radio" name="coupon" checked={value === null} onChange={() => onChange(null)} />
            <span>{f.t('checkout.noCoupon')}</span>
          </label>
          {unused.map((claim) => {
            const state = couponState(claim, subtotalCents, now);
            const off = couponDiscount(claim, subtotalCents) ?? 0;
            return (
              <label key={claim.claimId} className={`mall-option${state === 'usable' ? '' : ' disabled'}`} data-testid="checkout-coupon" data-coupon-id={claim.id}>
                <input type="radio" name="coupon" checked={value === claim.claimId} disabled={state !== 'usable'} onChange={() => onChange(claim.claimId)} />
                <span className="mall-option-text">
                  <CouponText coupon={claim} />
                  {state === 'usable' ? (
                    <span className="mall-good">−{f.usdt(off)}</span>
                  ) : state === 'belowMinimum' ? (
                    <span className="mall-muted">{f.t('checkout.spendMore', { amount: f.usdt(claim.minSpendCents - subtotalCents) })}</span>
                  ) : (
                    <span className="mall-muted">{f.t(`coupons.${state}`)}</span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
      )}
    </section>
  );
}

export function CheckoutPage() {
  const f = useMallFormat();
  const [params] = useSearchParams();
  const cart = useCart();
  const addresses = useAddresses();
  const claims = useMyCoupons();
  const myVouchers = useMyVouchers();
  const me = useMe();
  const save = useSaveAddress();
  const checkout = useCheckout();
  const action = useMoneyAction({
    send: (body: Omit<CheckoutInput, 'idempotencyKey'>, idempotencyKey: string) => checkout.mutateAsync({ ...body, idempotencyKey }),
    fallbackText: f.t('state.error'),
  });
  const [addressChoice, setAddressChoice] = useState<number | 'new' | null>(null);
  const [draft, setDraft] = useState<AddressInput>(EMPTY_ADDRESS);
  const [saveDraft, setSaveDraft] = useState(true);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [claimId, setClaimId] = useState<number | null>(null);
  /** Each shop's voucher as the buyer picked it (null: none); a shop not in it starts with its best. */
  const [voucherChoice, setVoucherChoice] = useState<Record<number, number | null>>({});
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState<CheckoutAnswer | null>(null);

  if (done) return <Success answer={done} />;
  if (cart.isPending || addresses.isPending) return <Loading />;
  if (cart.isError) return <ErrorState error={cart.error} onRetry={() => void cart.refetch()} />;
  if (addresses.isError) return <ErrorState error={addresses.error} onRetry={() => void addresses.refetch()} />;

  const wanted = new Set((params.get('items') ?? '').split(',').map(Number).filter((n) => n > 0));
  const selection = selectCart(cart.data, wanted);
  if (selection.items.length === 0) {
    return (
      <div className="mall-page">
        <PageHead title={f.t('checkout.title')} />
        <Empty icon="cart" title={f.t('checkout.nothing')} action={<Link to="/mall/cart" className="mall-btn">{f.t('checkout.backToCart')}</Link>} />
      </div>
    );
  }
  const saved = addresses.data;
  const defaultId = (saved.find((a) => a.isDefault) ?? saved[0])?.id ?? null;
  const choice = addressChoice ?? (defaultId ?? 'new');
  const now = new Date();
  // Promotion order (docs/decisions.md): each shop's voucher over its lines, then the coupon over what is left.
  const shopVouchers = selection.shops.map((shop) => {
    const mine = (myVouchers.data ?? []).filter((v) => v.shopId === shop.shopId);
    const picked = shop.shopId in voucherChoice ? voucherChoice[shop.shopId] : bestVoucher(mine, shop.items, now);
    const voucher = mine.find((v) => v.id === picked);
    const use = voucher ? voucherUse(voucher, shop.items, now) : null;
    const applied = voucher && use?.state === 'usable' ? { id: voucher.id, discountCents: use.discountCents } : null;
    return { shop, mine, applied };
  });
  const sellerDiscount = shopVouchers.reduce((sum, s) => sum + (s.applied?.discountCents ?? 0), 0);
  const afterVouchers = selection.subtotalCents - sellerDiscount;
  const claim = claims.data?.find((c) => c.claimId === claimId && !c.usedAt);
  const usable = claim && couponState(claim, afterVouchers, now) === 'usable' ? claim : undefined;
  const discount = usable ? (couponDiscount(usable, afterVouchers) ?? 0) : 0;
  const toPay = afterVouchers - discount;
  const voucherIds = shopVouchers.flatMap((s) => (s.applied ? [s.applied.id] : []));
  const balance = me.data?.balanceCents;
  const short = balance !== undefined && balance < toPay;

  const pay = async () => {
    setFailure('');
    let addressId: number | undefined;
    let address: AddressInput | undefined;
    if (choice === 'new') {
      const found = validateAddress(draft);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      const trimmed = { name: draft.name.trim(), phone: draft.phone.trim(), area: draft.area.trim(), address: draft.address.trim() };
      if (saveDraft) {
        try {
          const list = await save.mutateAsync({ ...trimmed, isDefault: saved.length === 0 });
          // The answer is the whole list: the new address is the newest one with these fields.
          const created = list.filter((a) => a.name === trimmed.name && a.phone === trimmed.phone && a.area === trimmed.area && a.address === trimmed.address).sort((a, b) => b.id - a.id)[0];
          addressId = created?.id;
          if (addressId === undefined) address = trimmed;
          else setAddressChoice(addressId);
        } catch (error) {
          showError(error, f.t('state.error'));
          return;
        }
      } else {
        address = trimmed;
      }
    } else {
      addressId = choice;
    }
    const result = await action.run({ itemIds: selection.items.map((i) => i.itemId), ...(addressId ? { addressId } : { address }), ...(usable ? { claimId: usable.claimId } : {}), ...(voucherIds.length ? { voucherIds } : {}) });
    if (!result) return;
    if (result.ok) return setDone(result.answer);
    setFailure(result.failure.text);
    void cart.refetch();
    void me.refetch();
    void myVouchers.refetch();
  };

  return (
    <div className="mall-page mall-checkout" data-testid="mall-checkout">
      <PageHead title={f.t('checkout.title')} />
      <div className="mall-checkout-layout">
        <div className="mall-checkout-main">
          <section className="mall-panel mall-section" aria-labelledby="checkout-address-title">
            <h2 id="checkout-address-title" className="mall-section-title">
              <Icon name="pin" size={18} /> {f.t('checkout.address')}
            </h2>
            <div className="mall-options" role="radiogroup" aria-labelledby="checkout-address-title">
              {saved.map((a) => (
                <label key={a.id} className="mall-option" data-testid="checkout-address">
                  <input type="radio" name="address" checked={choice === a.id} onChange={() => setAddressChoice(a.id)} />
                  <AddressSummary address={a} />
                </label>
              ))}
              <label className="mall-option">
                <input type="radio" name="address" checked={choice === 'new'} onChange={() => setAddressChoice('new')} data-testid="checkout-new-address" />
                <span>{f.t('checkout.newAddress')}</span>
              </label>
            </div>
            {choice === 'new' && (
              <>
                <AddressFields value={draft} errors={errors} onChange={setDraft} idPrefix="checkout" />
                <label className="mall-inline-check">
                  <input type="checkbox" className="mall-check" checked={saveDraft} onChange={(e) => setSaveDraft(e.target.checked)} />
                  {f.t('checkout.saveAddress')}
                </label>
              </>
            )}
          </section>
          {shopVouchers.map(({ shop, mine, applied }) => (
            <section key={shop.shopId} className="mall-panel mall-section" data-testid="checkout-shop">
              <h2 className="mall-section-title">
                <Icon name="store" size={18} /> {f.t('checkout.orderFrom', { shop: shop.shopName })}
              </h2>
              <ul className="mall-checkout-lines">
                {shop.items.map((item) => (
                  <li key={item.itemId}>
                    <Img src={item.cover} alt="" width={56} height={56} />
                    <span className="mall-checkout-name">
                      {item.name}
                      <VariantName name={item.variantName} testId="checkout-variant" />
                    </span>
                    <span className="mall-muted">×{item.quantity}</span>
                    <span>{f.usdt(item.lineCents)}</span>
                  </li>
                ))}
              </ul>
              <p className="mall-muted mall-right">{f.t('checkout.shopSubtotal', { amount: f.usdt(shop.subtotalCents) })}</p>
              {myVouchers.isSuccess && (
                <ShopVoucherPicker
                  shopId={shop.shopId}
                  shopName={shop.shopName}
                  vouchers={mine}
                  lines={shop.items}
                  value={applied?.id ?? null}
                  onChange={(id) => setVoucherChoice((prev) => ({ ...prev, [shop.shopId]: id }))}
                />
              )}
              {applied && (
                <p className="mall-good mall-right" data-testid="checkout-shop-saving">
                  {f.t('checkout.shopSaving', { amount: f.usdt(applied.discountCents) })}
                </p>
              )}
            </section>
          ))}
          {claims.isSuccess && <CouponPicker claims={claims.data} subtotalCents={afterVouchers} value={usable ? usable.claimId : null} onChange={setClaimId} />}
        </div>
        <aside className="mall-panel mall-checkout-summary" aria-labelledby="checkout-summary-title">
          <h2 id="checkout-summary-title" className="mall-section-title">
            {f.t('checkout.summary')}
          </h2>
          <dl className="mall-summary">
            <div>
              <dt>{f.t('checkout.itemsTotal')}</dt>
              <dd data-testid="checkout-subtotal">{f.usdt(selection.subtotalCents)}</dd>
            </div>
            {selection.dealSavingCents > 0 && (
              <div>
                <dt>{f.t('deals.saving')}</dt>
                <dd className="mall-good" data-testid="checkout-deal-saving">
                  {f.usdt(selection.dealSavingCents)}
                </dd>
              </div>
            )}
            {sellerDiscount > 0 && (
              <div>
                <dt>{f.t('checkout.shopVouchers')}</dt>
                <dd className="mall-good" data-testid="checkout-seller-discount">
                  −{f.usdt(sellerDiscount)}
                </dd>
              </div>
            )}
            <div>
              <dt>{f.t('checkout.discount')}</dt>
              <dd className={discount > 0 ? 'mall-good' : undefined} data-testid="checkout-discount">
                {discount > 0 ? `−${f.usdt(discount)}` : f.usdt(0)}
              </dd>
            </div>
            <div className="mall-summary-total">
              <dt>{f.t('checkout.toPay')}</dt>
              <dd data-testid="checkout-to-pay">{f.usdt(toPay)}</dd>
            </div>
            <div>
              <dt>{f.t('checkout.balance')}</dt>
              <dd data-testid="checkout-balance">{balance === undefined ? '—' : f.usdt(balance)}</dd>
            </div>
          </dl>
          {short && (
            <p className="mall-field-error" role="alert">
              {f.t('checkout.insufficient')}{' '}
              <Link to="/mall/me" className="mall-link">
                {f.t('checkout.topUp')}
              </Link>
            </p>
          )}
          {failure && (
            <p className="mall-field-error" role="alert" data-testid="checkout-error">
              {failure}
            </p>
          )}
          <button type="button" className="mall-btn mall-btn-block" disabled={action.pending || save.isPending || short} onClick={() => void pay()} data-testid="checkout-pay">
            {action.pending ? f.t('checkout.paying') : f.t('checkout.pay', { amount: f.usdt(toPay) })}
          </button>
          <p className="mall-muted mall-small">{f.t('checkout.splitNote')}</p>
        </aside>
      </div>
    </div>
  );
}
