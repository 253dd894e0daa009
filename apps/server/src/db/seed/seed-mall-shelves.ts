import { eq } from 'drizzle-orm';
import { DAY_MS } from '@shopdesk/shared/time';
import type { Db } from '../client.ts';
import { meta, shopProducts, shops, warehouseProducts } from '../schema.ts';
import { createRandom } from '../../lib/random.ts';
import { MALL_SHELVES_SEED_KEY } from './seed-markers.ts';

/**
 * Named products for the mall's own categories (books, food, sports), which the demo shops did not
 * sell: each a warehouse product with a price in its range, sold by the demo shop (everyday goods)
 * at a suggested profit ratio. Prices in cents.
 */
const SHELVES: Record<'books' | 'food' | 'sports', [name: string, description: string, purchaseCents: number][]> = {
  books: [
    ['Vietnamese Home Cooking (hardcover)', '120 family recipes from Hanoi to Saigon, with step-by-step photos.', 1450],
    ['Lonely Coast: A Southeast Asia Travel Guide', 'Routes, ferries and budget stays across 8 countries, 2027 edition.', 1180],
    ['The Quiet Harbour (novel)', 'A slow-burning mystery set in a fishing town; paperback, 384 pages.', 690],
    ['Dot-Grid Notebook Set (3 × A5)', '160 pages each, 100 g paper that does not bleed, lay-flat binding.', 520],
    ['English for Travellers: Phrasebook and Audio', 'Everyday phrases with a QR code for native-speaker audio.', 610],
    ['My First Animal Atlas (kids)', 'Board book with flaps for ages 3 to 6.', 780],
    ['Weekly Planner 2027 (linen cover)', 'Week-on-two-pages layout, monthly goals, ribbon marker.', 880],
    ['Watercolour Basics Workbook', '30 guided exercises with tracing sheets.', 940],
  ],
  food: [
    ['Jasmine Green Tea, 100 g loose leaf', 'Spring harvest from Thai Nguyen, resealable pouch.', 390],
    ['Arabica Coffee Beans, 500 g medium roast', 'Single origin from Da Lat highlands, roasted weekly.', 1250],
    ['Dark Chocolate 70%, 4 bars', 'Fair-trade cocoa, 80 g per bar.', 720],
    ['Roasted Cashews, 400 g', 'Lightly salted, from Binh Phuoc, in a zip jar.', 830],
    ['Raw Wild Honey, 350 g jar', 'Unfiltered honey from Mekong Delta flowers.', 640],
    ['Extra Virgin Olive Oil, 750 ml', 'Cold-pressed, dark glass bottle.', 1090],
    ['Dried Mango Slices, 250 g', 'No added sugar, soft and chewy.', 410],
    ['Instant Pho Box (12 bowls)', 'Rice noodles with beef-style broth sachets.', 960],
  ],
  sports: [
    ['Non-Slip Yoga Mat 6 mm', 'TPE foam with alignment lines and a carry strap.', 1390],
    ['Adjustable Dumbbell Pair, 2 × 10 kg', 'Quick-lock plates in a storage case.', 5600],
    ['Speed Jump Rope with Ball Bearings', 'Adjustable steel cable, foam handles.', 480],
    ['Match Football, Size 5', 'Thermo-bonded panels, FIFA-size.', 1650],
    ['Graphite Badminton Set (2 rackets, 3 shuttles)', 'Lightweight rackets with a zip bag.', 2100],
    ['Insulated Sports Bottle, 750 ml', 'Keeps drinks cold 24 h, leak-proof lid.', 890],
    ['Resistance Band Set (5 levels)', 'Latex bands with handles, door anchor and bag.', 1120],
    ['Cycling Gloves, Half Finger', 'Gel palms, breathable mesh; sizes S–XL.', 760],
  ],
};

/**
 * Fills the mall's empty categories once (books, food and sports showed no items): the products
 * above in the warehouse, and on sale in the shop named (the demo shop). Runs for a marketplace seeded before too.
 */
export async function seedMallShelves(db: Db, shopName: string): Promise<boolean> {
  const [done] = await db.select().from(meta).where(eq(meta.key, MALL_SHELVES_SEED_KEY));
  if (done) return false;
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.name, shopName));
  await db.transaction(async (tx) => {
    const rnd = createRandom(20270101);
    const rows = Object.entries(SHELVES).flatMap(([category, items]) =>
      items.map(([name, description, purchasePriceCents]) => ({
        name,
        description,
        category,
        cover: '',
        purchasePriceCents,
        stock: rnd.int(80, 1500),
        rating: rnd.int(40, 50),
        sales: rnd.int(20, 3000),
        createdAt: new Date(Date.now() - rnd.int(5, 200) * DAY_MS),
      })),
    );
    const inserted = await tx.insert(warehouseProducts).values(rows).returning();
    for (const w of inserted) await tx.update(warehouseProducts).set({ cover: `/api/catalog/covers/${w.id}.svg` }).where(eq(warehouseProducts.id, w.id));
    if (shop) {
      await tx.insert(shopProducts).values(
        inserted.map((w) => ({
          shopId: shop.id,
          warehouseProductId: w.id,
          name: w.name,
          description: w.description,
          category: w.category,
          cover: `/api/catalog/covers/${w.id}.svg`,
          purchasePriceCents: w.purchasePriceCents,
          profitRatioBp: rnd.pick([1500, 2000, 2500]),
          stock: rnd.int(20, 300),
          views: rnd.int(50, 5000),
          rating: w.rating,
          isNew: false,
          createdAt: new Date(Date.now() - rnd.int(3, 60) * DAY_MS),
        })),
      );
    }
    await tx.insert(meta).values({ key: MALL_SHELVES_SEED_KEY, value: new Date().toISOString() });
  });
  return true;
}
