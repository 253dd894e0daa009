import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { LogoTarget, ShopInfo, shopPreferencesBody, shopUpdateBody } from '@shopdesk/shared/shop/schemas';
import type { Db } from '../../db/client.ts';
import { shops } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';
import type { Picture } from '../../lib/picture-files.ts';
import { logoFiles } from './logo-file.ts';

type ShopUpdate = z.output<typeof shopUpdateBody>;
type ShopPreferences = z.output<typeof shopPreferencesBody>;

interface Actor {
  shopId: number;
  userId: number;
}

export async function shopInfo(db: Db, shopId: number): Promise<ShopInfo> {
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new AppError('NOT_FOUND');
  return {
    shopId: shop.id,
    shopName: shop.name,
    shopLogo: shop.logo,
    whatsapp: shop.whatsapp,
    zalo: shop.zalo,
    facebook: shop.facebook,
    siteName: shop.siteName,
    siteLogo: shop.siteLogo,
  };
}

/** The names of the fields whose value differs (for the activity log). */
function changedFields(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((key) => before[key] !== after[key]);
}

/** Writes `values` to the shop and logs "settings changed" with the fields that changed, in one transaction. */
async function updateShopFields(db: Db, actor: Actor, values: Partial<typeof shops.$inferInsert>, fields: Record<string, string>, area: string) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(shops).where(eq(shops.id, actor.shopId)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const current = Object.fromEntries(Object.keys(fields).map((key) => [key, String(before[key as keyof typeof before] ?? '')]));
    const changed = changedFields(current, fields);
    if (changed.length === 0) return;
    await tx.update(shops).set(values).where(eq(shops.id, actor.shopId));
    await recordActivity(tx, { shopId: actor.shopId, userId: actor.userId, action: 'settings_changed', subject: area, detail: { fields: changed.join(',') } });
  });
}

/** POST /api/shop/update: name and contacts (validated by the shared schema). */
export async function updateShop(db: Db, actor: Actor, body: ShopUpdate): Promise<ShopInfo> {
  const fields = { name: body.shopName, whatsapp: body.whatsapp, zalo: body.zalo, facebook: body.facebook };
  await updateShopFields(db, actor, fields, fields, 'shop');
  return shopInfo(db, actor.shopId);
}

/** POST /api/shop/preferences: the general settings kept per shop (site name). */
export async function updatePreferences(db: Db, actor: Actor, body: ShopPreferences): Promise<ShopInfo> {
  await updateShopFields(db, actor, { siteName: body.siteName }, { siteName: body.siteName }, 'general');
  return shopInfo(db, actor.shopId);
}

const logoColumn = (target: LogoTarget) => (target === 'shop' ? ('logo' as const) : ('siteLogo' as const));

/**
 * Stores a checked logo and points the shop (or its site) at it. The file is written first and
 * removed again if the database refuses; the previous file is removed once the change committed.
 */
export async function replaceLogo(db: Db, uploadsDir: string, actor: Actor, target: LogoTarget, file: Picture | null): Promise<{ logo: string }> {
  const url = file ? await logoFiles.store(uploadsDir, file.bytes, file.type) : '';
  const column = logoColumn(target);
  let previous = '';
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select({ logo: shops.logo, siteLogo: shops.siteLogo }).from(shops).where(eq(shops.id, actor.shopId)).for('update');
      if (!before) throw new AppError('NOT_FOUND');
      previous = before[column];
      await tx.update(shops).set({ [column]: url }).where(eq(shops.id, actor.shopId));
      await recordActivity(tx, { shopId: actor.shopId, userId: actor.userId, action: 'settings_changed', subject: target === 'shop' ? 'shop' : 'general', detail: { fields: column } });
    });
  } catch (error) {
    await logoFiles.discard(uploadsDir, url);
    throw error;
  }
  if (previous !== url) await logoFiles.discard(uploadsDir, previous).catch(() => undefined);
  return { logo: url };
}
