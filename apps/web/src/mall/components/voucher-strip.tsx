import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/http.ts';
import { buyerSessionStore } from '../api/buyer-session.ts';
import { useClaimVoucher, useMallVouchers } from '../api/mall-api.ts';
import type { MallVoucher } from '../api/types.ts';
import { voucherClaimState } from '../logic/vouchers.ts';
import { CouponText } from '../pages/coupons-page.tsx';
import { showError, showToast } from './toast.ts';
import { useMallFormat } from './ui.tsx';

function VoucherTicket({ voucher }: { voucher: MallVoucher }) {
  const f = useMallFormat();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const claim = useClaimVoucher();
  const [goneMeanwhile, setGoneMeanwhile] = useState(false);
  const state = voucherClaimState(voucher, goneMeanwhile);
  const onClaim = () => {
    if (!buyerSessionStore.get()) {
      void navigate(`/mall/login?next=${encodeURIComponent(pathname)}`);
      return;
    }
    claim.mutate(voucher.id, {
      onSuccess: () => showToast(f.t('vouchers.claimedToast')),
      onError: (error) => {
        if (error instanceof ApiError && error.errorKey === 'VOUCHER_USED_UP') setGoneMeanwhile(true);
        showError(error, f.t('state.error'));
      },
    });
  };
  return (
    <li className="mall-coupon mall-voucher" data-testid="shop-voucher" data-voucher-id={voucher.id} data-state={state}>
      <div className="mall-coupon-value">
        <strong>{voucher.kind === 'amount' ? f.usdt(voucher.amountOffCents ?? 0) : `${voucher.percentOff ?? 0}%`}</strong>
        <span>{f.t('coupons.off')}</span>
      </div>
      <div className="mall-coupon-body">
        <span className="mall-small mall-voucher-name">{voucher.name}</span>
        <CouponText coupon={voucher} />
        <span className="mall-muted mall-small">
          {voucher.scope === 'products' ? f.t('vouchers.someProducts') : f.t('vouchers.wholeShop')} · {f.t('coupons.valid', { start: f.date(voucher.startsAt), end: f.date(voucher.endsAt) })}
        </span>
      </div>
      <button
        type="button"
        className="mall-btn mall-btn-small"
        disabled={state !== 'claim' || claim.isPending}
        onClick={onClaim}
        aria-label={state === 'claim' ? f.t('vouchers.claimNamed', { name: voucher.name }) : undefined}
        data-testid="shop-voucher-claim"
      >
        {f.t(`vouchers.${state}`)}
      </button>
    </li>
  );
}

/**
 * A shop's public vouchers (on its page) or those for one product (on the product page), each to
 * claim. Nothing shows while they load or when there are none: the page works without them.
 */
export function VoucherStrip({ of, id }: { of: 'shop' | 'product'; id: number }) {
  const f = useMallFormat();
  const vouchers = useMallVouchers(of, id);
  if (vouchers.isError) {
    return (
      <p className="mall-muted mall-small" role="status">
        {f.t('vouchers.loadFailed')}{' '}
        <button type="button" className="mall-link-button" onClick={() => void vouchers.refetch()}>
          {f.t('state.retry')}
        </button>
      </p>
    );
  }
  if (!vouchers.data || vouchers.data.length === 0) return null;
  return (
    <section className="mall-section" aria-labelledby={`mall-vouchers-${of}`}>
      <h2 id={`mall-vouchers-${of}`} className="mall-section-title">
        {f.t('vouchers.title')}
      </h2>
      <ul className="mall-coupons mall-voucher-strip" data-testid="shop-vouchers">
        {vouchers.data.map((v) => (
          <VoucherTicket key={v.id} voucher={v} />
        ))}
      </ul>
    </section>
  );
}
