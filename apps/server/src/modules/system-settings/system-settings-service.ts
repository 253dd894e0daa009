import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { shops } from '../../db/schema.ts';

/** The shop's VIP level (0 when the shop has none). */
export async function shopVipLevel(db: Db, shopId: number): Promise<{ level: number }> {
  const [shop] = await db.select({ level: shops.vipLevel }).from(shops).where(eq(shops.id, shopId));
  return { level: shop?.level ?? 0 };
}

/** The settings the web app needs before login. */
export function publicSettings(config: AppConfig) {
  return { customerServiceUrl: config.customerServiceUrl, siteName: 'ShopDesk' };
}
