import { expiringPackages } from '../packages/package-service.ts';
import { claimableRewardCount } from '../rewards/reward-service.ts';
import { vouchersEndingSoon } from '../promotions/voucher-service.ts';
import type { MarketingTodo } from './todo-service.ts';

/**
 * The marketing counts of the to-do strip: packages about to expire (the package module's own
 * reminder window), rewards ready to claim and running vouchers ending within 24 hours. A failure
 * of one leaves that count out (null).
 */
export const marketingTodo: MarketingTodo = {
  packagesExpiring: async (db, shopId) => (await expiringPackages(db, shopId)).length,
  claimableRewards: (db, shopId) => claimableRewardCount(db, shopId),
  vouchersEnding: (db, shopId) => vouchersEndingSoon(db, shopId),
};
