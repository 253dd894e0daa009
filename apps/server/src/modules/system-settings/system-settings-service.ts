import { eq } from 'drizzle-orm';
import { REWARD_TIER_TABLE } from '@shopdesk/shared/marketing/rewards-schemas';
import type { UserLevel } from '@shopdesk/shared/system-settings/schemas';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { shops } from '../../db/schema.ts';

/** The shop's VIP level (0 when the shop has none), its cumulative top-up and the next level's threshold. */
export async function shopVipLevel(db: Db, shopId: number): Promise<UserLevel> {
  const [shop] = await db.select({ level: shops.vipLevel, topUp: shops.totalTopUpCents }).from(shops).where(eq(shops.id, shopId));
  const level = shop?.level ?? 0;
  const topUpCents = shop?.topUp ?? 0;
  const next = REWARD_TIER_TABLE.vip.find((t) => t.tier > level && topUpCents < t.thresholdCents) ?? null;
  return { level, topUpCents, nextLevelTopUpCents: next?.thresholdCents ?? null };
}

/** The settings the web app needs before login. */
export function publicSettings(config: AppConfig) {
  return { customerServiceUrl: config.customerServiceUrl, siteName: 'ShopDesk' };
}
