/**
 * The remarks the ledger writes itself (money-flows.ts) are codes, not words: the statement pages
 * and the CSV export read them in the reader's language. A remark written by a person (an
 * operator's note on a withdrawal) is none of these and is shown as stored.
 */
export type RewardActivity = 'vip' | 'couple';

export const REMARKS = {
  /** The part of a sale the platform's coupon paid (and its return with a refund). */
  coupon: 'coupon',
  /** A mall buyer's demo money. */
  demoTopUp: 'demo top-up',
} as const;

/** The remark of a settlement a shop voucher reduced (the seller paid the voucher): `shop voucher #12`. */
export const voucherRemark = (voucherId: number): string => `shop voucher #${voucherId}`;

/**
 * The remark of a settlement a flash deal reduced (the seller paid the deal), with the shop voucher
 * when one reduced it too: `flash deal #5`, `flash deal #5, shop voucher #12`; without a deal, the
 * voucher's own remark.
 */
export const promotionRemark = (dealId: number | null, voucherId: number | null): string | null => {
  if (dealId === null) return voucherId === null ? null : voucherRemark(voucherId);
  return voucherId === null ? `flash deal #${dealId}` : `flash deal #${dealId}, ${voucherRemark(voucherId)}`;
};

/** The remark of a reward bonus: `vip tier 2`, `couple tier 1`. */
export const rewardRemark = (activity: RewardActivity, tier: number): string => `${activity} tier ${tier}`;

/** A stored remark read as a catalog key (`remarks.<key>`) and its values, or null for a person's own words. */
export type RemarkWords =
  | { key: 'coupon' | 'demoTopUp' }
  | { key: 'vipTier' | 'coupleTier'; tier: number }
  | { key: 'shopVoucher'; voucher: number }
  | { key: 'flashDeal'; deal: number }
  | { key: 'flashDealVoucher'; deal: number; voucher: number };

const REWARD = /^(vip|couple) tier (\d{1,3})$/;
const VOUCHER = /^shop voucher #(\d{1,10})$/;
const DEAL = /^flash deal #(\d{1,10})(?:, shop voucher #(\d{1,10}))?$/;

export function readRemark(remark: string): RemarkWords | null {
  if (remark === REMARKS.coupon) return { key: 'coupon' };
  if (remark === REMARKS.demoTopUp) return { key: 'demoTopUp' };
  const reward = REWARD.exec(remark);
  if (reward) return { key: reward[1] === 'vip' ? 'vipTier' : 'coupleTier', tier: Number(reward[2]) };
  const voucher = VOUCHER.exec(remark);
  if (voucher) return { key: 'shopVoucher', voucher: Number(voucher[1]) };
  const deal = DEAL.exec(remark);
  if (deal) return deal[2] ? { key: 'flashDealVoucher', deal: Number(deal[1]), voucher: Number(deal[2]) } : { key: 'flashDeal', deal: Number(deal[1]) };
  return null;
}

/** The remark in words: `words[key]` with `{{tier}}` filled in, or the remark as stored. */
export function remarkInWords(remark: string, words: Record<RemarkWords['key'], string>): string {
  const read = readRemark(remark);
  if (!read) return remark;
  const text = words[read.key];
  if ('tier' in read) return text.replace('{{tier}}', String(read.tier));
  const withDeal = 'deal' in read ? text.replace('{{deal}}', String(read.deal)) : text;
  return 'voucher' in read ? withDeal.replace('{{voucher}}', String(read.voucher)) : withDeal;
}
