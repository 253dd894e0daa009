import { useNavigate } from 'react-router';
import { buyerSessionStore } from '../api/buyer-session.ts';
import { useClaimCoupon, useCoupons, useMyCoupons, useSignedIn } from '../api/mall-api.ts';
import type { MallCoupon } from '../api/types.ts';
import { Empty, ErrorState, Loading, PageHead, useMallFormat } from '../components/ui.tsx';
import { showError, showToast } from '../components/toast.ts';

type CouponTerms = Pick<MallCoupon, 'kind' | 'amountOffCents' | 'percentOff' | 'maxDiscountCents' | 'minSpendCents'>;

/**
 * A coupon in the buyer's language, from its terms: the name ("5.00 USDT off", "10% off · up to
 * 8.00 USDT") and the condition ("orders from 50.00 USDT" or "no minimum spend"). The server's
 * `title` is the operator's label in one language, so the mall does not show it.
 */
export function CouponText({ coupon }: { coupon: CouponTerms }) {
  const f = useMallFormat();
  const off = coupon.kind === 'amount' ? f.t('coupons.amountOff', { amount: f.usdt(coupon.amountOffCents ?? 0) }) : f.t('coupons.percentOff', { pct: coupon.percentOff ?? 0 });
  const cap = coupon.kind === 'percent' && coupon.maxDiscountCents !== null ? f.t('coupons.cap', { amount: f.usdt(coupon.maxDiscountCents) }) : null;
  const min = coupon.minSpendCents > 0 ? f.t('coupons.minSpend', { amount: f.usdt(coupon.minSpendCents) }) : f.t('coupons.noMinimum');
  return (
    <>
      <strong className="mall-coupon-title">{[off, cap].filter(Boolean).join(' · ')}</strong>
      <span className="mall-muted">{min}</span>
    </>
  );
}

function CouponCard({ coupon }: { coupon: MallCoupon }) {
  const f = useMallFormat();
  const navigate = useNavigate();
  const claim = useClaimCoupon();
  const limitReached = coupon.claimedByMe >= coupon.perBuyerLimit;
  const onClaim = () => {
    if (!buyerSessionStore.get()) {
      void navigate(`/mall/login?next=${encodeURIComponent('/mall/coupons')}`);
      return;
    }
    claim.mutate(coupon.id, { onSuccess: () => showToast(f.t('coupons.claimedToast')), onError: (error) => showError(error, f.t('state.error')) });
  };
  return (
    <li className="mall-coupon" data-testid="coupon" data-coupon-id={coupon.id}>
      <div className="mall-coupon-value">
        <strong>{coupon.kind === 'amount' ? f.usdt(coupon.amountOffCents ?? 0) : `${coupon.percentOff ?? 0}%`}</strong>
        <span>{f.t('coupons.off')}</span>
      </div>
      <div className="mall-coupon-body">
        <CouponText coupon={coupon} />
        <span className="mall-muted mall-small">{f.t('coupons.valid', { start: f.date(coupon.startsAt), end: f.date(coupon.endsAt) })}</span>
        <span className="mall-muted mall-small">{f.t('coupons.claimedCount', { count: coupon.claimedByMe, limit: coupon.perBuyerLimit })}</span>
      </div>
      <button type="button" className="mall-btn mall-btn-small" disabled={limitReached || claim.isPending} onClick={onClaim} data-testid="coupon-claim">
        {limitReached ? f.t('coupons.claimed') : f.t('coupons.claim')}
      </button>
    </li>
  );
}

function MyCoupons() {
  const f = useMallFormat();
  const mine = useMyCoupons();
  if (mine.isPending) return <Loading />;
  if (mine.isError) return <ErrorState error={mine.error} onRetry={() => void mine.refetch()} />;
  if (mine.data.length === 0) return <p className="mall-muted">{f.t('coupons.mineEmpty')}</p>;
  return (
    <ul className="mall-coupons" data-testid="my-coupons">
      {mine.data.map((claim) => (
        <li key={claim.claimId} className={`mall-coupon${claim.usedAt ? ' used' : ''}`}>
          <div className="mall-coupon-value">
            <strong>{claim.kind === 'amount' ? f.usdt(claim.amountOffCents ?? 0) : `${claim.percentOff ?? 0}%`}</strong>
            <span>{f.t('coupons.off')}</span>
          </div>
          <div className="mall-coupon-body">
            <CouponText coupon={claim} />
            <span className="mall-muted mall-small">{claim.usedAt ? f.t('coupons.usedOn', { date: f.date(claim.usedAt) }) : f.t('coupons.valid', { start: f.date(claim.startsAt), end: f.date(claim.endsAt) })}</span>
          </div>
          <span className={`mall-badge${claim.usedAt ? ' mall-badge-muted' : ''}`}>{claim.usedAt ? f.t('coupons.used') : f.t('coupons.unused')}</span>
        </li>
      ))}
    </ul>
  );
}

export function CouponsPage() {
  const f = useMallFormat();
  const coupons = useCoupons();
  const signedIn = useSignedIn();
  return (
    <div className="mall-page mall-coupons-page" data-testid="mall-coupons">
      <PageHead title={f.t('coupons.title')} back={false} />
      <p className="mall-muted">{f.t('coupons.intro')}</p>
      {coupons.isPending && <Loading />}
      {coupons.isError && <ErrorState error={coupons.error} onRetry={() => void coupons.refetch()} />}
      {coupons.isSuccess &&
        (coupons.data.length === 0 ? (
          <Empty icon="ticket" title={f.t('coupons.empty')} />
        ) : (
          <ul className="mall-coupons">
            {coupons.data.map((coupon) => (
              <CouponCard key={coupon.id} coupon={coupon} />
            ))}
          </ul>
        ))}
      {signedIn && (
        <section className="mall-section" aria-labelledby="my-coupons-title">
          <h2 id="my-coupons-title" className="mall-section-title">
            {f.t('coupons.mine')}
          </h2>
          <MyCoupons />
        </section>
      )}
    </div>
  );
}
