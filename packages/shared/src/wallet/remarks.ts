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

/** The remark of a reward bonus: `vip tier 2`, `couple tier 1`. */
export const rewardRemark = (activity: RewardActivity, tier: number): string => `${activity} tier ${tier}`;

/** A stored remark read as a catalog key (`remarks.<key>`) and its values, or null for a person's own words. */
export type RemarkWords = { key: 'coupon' | 'demoTopUp' } | { key: 'vipTier' | 'coupleTier'; tier: number } | { key: 'shopVoucher'; voucher: number };

const REWARD = /^(vip|couple) tier (\d{1,3})$/;
const VOUCHER = /^shop voucher #(\d{1,10})$/;

export function readRemark(remark: string): RemarkWords | null {
  if (remark === REMARKS.coupon) return { key: 'coupon' };
  if (remark === REMARKS.demoTopUp) return { key: 'demoTopUp' };
  const reward = REWARD.exec(remark);
  if (reward) return { key: reward[1] === 'vip' ? 'vipTier' : 'coupleTier', tier: Number(reward[2]) };
  const voucher = VOUCHER.exec(remark);
  if (voucher) return { key: 'shopVoucher', voucher: Number(voucher[1]) };
  return null;
}

/** The remark in words: `words[key]` with `{{tier}}` filled in, or the remark as stored. */
export function remarkInWords(remark: string, words: Record<RemarkWords['key'], string>): string {
  const read = readRemark(remark);
  if (!read) return remark;
  const text = words[read.key];
  if ('tier' in read) return text.replace('{{tier}}', String(read.tier));
  return 'voucher' in read ? text.replace('{{voucher}}', String(read.voucher)) : text;
}
