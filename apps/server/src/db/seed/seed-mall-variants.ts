import { eq } from 'drizzle-orm';
import { DAY_MS } from '@shopdesk/shared/time';
import type { WarehouseVariantInput } from '@shopdesk/shared/products/variants';
import type { Db } from '../client.ts';
import { meta, shopProducts, shops, users, warehouseProducts } from '../schema.ts';
import { saveWarehouseVariants } from '../../modules/ops/warehouse-variants.ts';
import { MALL_VARIANTS_SEED_KEY } from './seed-markers.ts';

/** A small picture of a product in one colour, as a data URL (no file, no request; the CSP allows data: images). */
const picture = (shape: string, fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240"><rect width="240" height="240" fill="#eef1f5"/><path d="${shape}" fill="${fill}" stroke="#475569" stroke-width="3"/></svg>`)}`;
const SHIRT = 'M85 60L60 80l12 25 13-7v82h70V98l13 7 12-25-25-20q-35 25-70 0z';
const CASE = 'M88 40h64a14 14 0 0 1 14 14v132a14 14 0 0 1-14 14H88a14 14 0 0 1-14-14V54a14 14 0 0 1 14-14z';

interface DemoVariantProduct {
  name: string;
  description: string;
  category: string;
  options: { name: string; values: string[] }[];
  variants: Omit<WarehouseVariantInput, 'id'>[];
}

const SHIRT_COLOURS: [name: string, code: string, fill: string][] = [
  ['Blue', 'BLU', '#2563eb'],
  ['Black', 'BLK', '#1f2937'],
  ['White', 'WHT', '#ffffff'],
];
// White in S and Black in L are sold out, so the picker has something to mark.
const SHIRT_STOCK: Record<string, number> = { 'White-S': 0, 'Black-L': 0 };
const SIZE_STOCK: Record<string, number> = { S: 40, M: 60, L: 30 };

const CASE_COLOURS: [name: string, code: string, fill: string][] = [
  ['Black', 'BLK', '#111827'],
  ['Navy', 'NVY', '#1e3a8a'],
  ['Pink', 'PNK', '#f9a8d4'],
  ['Clear', 'CLR', '#e0f2fe'],
];

/**
 * Two demo products with real variants, so the mall's variant picker shows in the demo: a T-shirt
 * (colour × size, one price more for L) and a phone case (colour; pink sold out).
 */
export const DEMO_VARIANT_PRODUCTS: DemoVariantProduct[] = [
  {
    name: 'Everyday Crew-Neck T-Shirt',
    description: '100% combed cotton, 180 g/m², pre-shrunk; a regular fit that keeps its shape wash after wash.',
    category: 'clothing',
    options: [
      { name: 'Colour', values: SHIRT_COLOURS.map(([name]) => name) },
      { name: 'Size', values: ['S', 'M', 'L'] },
    ],
    variants: SHIRT_COLOURS.flatMap(([colour, code, fill]) =>
      ['S', 'M', 'L'].map((s) => ({
        sku: `TEE-${code}-${s}`,
        optionValues: [colour, s],
        purchasePriceCents: s === 'L' ? 720 : 650,
        suggestedPriceCents: s === 'L' ? 870 : 780,
        stock: SHIRT_STOCK[`${colour}-${s}`] ?? SIZE_STOCK[s]!,
        image: picture(SHIRT, fill),
      })),
    ),
  },
  {
    name: 'Slim Silicone Phone Case',
    description: 'Soft-touch silicone with a microfibre lining and raised edges around the camera.',
    category: 'phone',
    options: [{ name: 'Colour', values: CASE_COLOURS.map(([name]) => name) }],
    variants: CASE_COLOURS.map(([colour, code, fill]) => ({
      sku: `CASE-${code}`,
      optionValues: [colour],
      purchasePriceCents: colour === 'Clear' ? 280 : 320,
      suggestedPriceCents: colour === 'Clear' ? 340 : 390,
      stock: colour === 'Pink' ? 0 : 80,
      image: picture(CASE, fill),
    })),
  },
];

/**
 * Puts the demo variant products in the warehouse and on sale in the shop named (the demo shop),
 * their variants set through the operator's own code (saveWarehouseVariants, audited as the demo
 * operator), once; runs for a marketplace seeded before too. Listed as old, unsold products, so the
 * lists other tests pick from ("newest", "sales") keep their first products.
 */
export async function seedMallVariants(db: Db, shopName: string): Promise<boolean> {
  const [done] = await db.select().from(meta).where(eq(meta.key, MALL_VARIANTS_SEED_KEY));
  if (done) return false;
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.name, shopName));
  const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'operator')).orderBy(users.id).limit(1);
  await db.transaction(async (tx) => {
    const createdAt = new Date(Date.now() - 150 * DAY_MS);
    for (const product of DEMO_VARIANT_PRODUCTS) {
      const purchasePriceCents = Math.min(...product.variants.map((v) => v.purchasePriceCents));
      const [w] = await tx
        .insert(warehouseProducts)
        .values({ name: product.name, description: product.description, category: product.category, cover: '', purchasePriceCents, stock: 0, rating: 46, sales: 1200, createdAt })
        .returning();
      const cover = `/api/catalog/covers/${w!.id}.svg`;
      await tx.update(warehouseProducts).set({ cover }).where(eq(warehouseProducts.id, w!.id));
      if (shop) {
        await tx.insert(shopProducts).values({
          shopId: shop.id,
          warehouseProductId: w!.id,
          name: product.name,
          description: product.description,
          category: product.category,
          cover,
          purchasePriceCents,
          profitRatioBp: 2000,
          stock: 0,
          views: 180,
          rating: 46,
          isNew: false,
          createdAt,
        });
      }
      // The operator's path: the implicit variant goes, each new variant reaches the shop at its warehouse stock.
      if (operator) await saveWarehouseVariants(tx, operator.id, w!.id, { options: product.options, variants: product.variants });
    }
    await tx.insert(meta).values({ key: MALL_VARIANTS_SEED_KEY, value: new Date().toISOString() });
  });
  return true;
}
