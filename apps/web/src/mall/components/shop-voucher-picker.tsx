import { useState } from 'react';
import { useRedeemVoucher } from '../api/mall-api.ts';
import type { CartItem, MallVoucher } from '../api/types.ts';
import { voucherUse } from '../logic/vouchers.ts';
import { CouponText } from '../pages/coupons-page.tsx';
import { useMallFormat } from './ui.tsx';

export interface ShopVoucherPickerProps {
  shopId: number;
  shopName: string;
  /** The buyer's claimed vouchers of this shop. */
  vouchers: MallVoucher[];
  lines: Pick<CartItem, 'productId' | 'lineCents'>[];
  value: number | null;
  onChange: (voucherId: number | null) => void;
}

/**
 * One shop's voucher at checkout: the buyer's claimed vouchers of the shop (each with what it takes
 * off these lines, or why it does not apply), none, or a code typed here, which claims its voucher
 * and picks it.
 */
export function ShopVoucherPicker({ shopId, shopName, vouchers, lines, value, onChange }: ShopVoucherPickerProps) {
  const f = useMallFormat();
  const redeem = useRedeemVoucher();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const now = new Date();
  const group = `checkout-voucher-${shopId}`;

  const apply = () => {
    const typed = code.trim();
    setCodeError('');
    if (!typed) {
      setCodeError(f.t('vouchers.codeRequired'));
      return;
    }
    redeem.mutate(
      { shopId, code: typed },
      {
        onSuccess: (voucher) => {
          setCode('');
          onChange(voucher.id);
        },
        onError: (error) => setCodeError(error instanceof Error && error.message ? error.message : f.t('state.error')),
      },
    );
  };

  return (
    <div className="mall-shop-voucher" data-testid="checkout-shop-voucher">
      <h3 id={group} className="mall-small mall-shop-voucher-title">
        {f.t('checkout.shopVoucherOf', { shop: shopName })}
      </h3>
      <div className="mall-options" role="radiogroup" aria-labelledby={group}>
        <label className="mall-option">
          <input type="radio" name={group} checked={value === null} onChange={() => onChange(null)} />
          <span>{f.t('checkout.noShopVoucher')}</span>
        </label>
        {vouchers.map((v) => {
          const use = voucherUse(v, lines, now);
          return (
            <label key={v.id} className={`mall-option${use.state === 'usable' ? '' : ' disabled'}`} data-testid="checkout-voucher" data-voucher-id={v.id}>
              <input type="radio" name={group} checked={value === v.id} disabled={use.state !== 'usable'} onChange={() => onChange(v.id)} />
              <span className="mall-option-text">
                <span className="mall-small">{v.name}</span>
                <CouponText coupon={v} />
                {use.state === 'usable' ? <span className="mall-good">−{f.usdt(use.discountCents)}</span> : <span className="mall-muted">{f.t(`vouchers.states.${use.state}`)}</span>}
              </span>
            </label>
          );
        })}
      </div>
      <div className="mall-voucher-code">
        <label htmlFor={`${group}-code`} className="mall-small">
          {f.t('checkout.voucherCode')}
        </label>
        <div className="mall-voucher-code-row">
          <input
            id={`${group}-code`}
            
            value={code}
            maxLength={40}
            autoCapitalize="characters"
            autoComplete="off"
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                apply();
              }
            }}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? `${group}-code-error` : undefined}
            data-testid="checkout-voucher-code"
          />
          <button type="button" className="mall-btn mall-btn-ghost mall-btn-small" disabled={redeem.isPending} onClick={apply} data-testid="checkout-voucher-apply">
            {f.t('checkout.applyCode')}
          </button>
        </div>
        {codeError && (
          <p id={`${group}-code-error`} className="mall-field-error" role="alert">
            {codeError}
          </p>
        )}
      </div>
    </div>
  );
}
