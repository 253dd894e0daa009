/**
 * Screenshots of the console's warehouse product form (names by language, gallery; desktop 1440×900)
 * and of the mall's product page with a gallery (desktop 1440×900 and phone 390×844), in en-US and
 * th-TH, and of the seller's warehouse showing the gallery's count, into SHOT_DIR (default /tmp/shots-wares; not a test). Run after a build:
 *   WEB_DIST=$PWD/apps/web/dist npx tsx apps/web/e2e/wares-screenshots.ts
 */
import type { BrowserContext, Page } from 'playwright-core';
import { launch, type Device } from './support/browser.ts';
import { inDemoSession, runScreenshots, settle, shooter } from './support/screenshot-kit.ts';
import { DEMO } from './support/app.ts';
import { apiCall, sellerLogin } from './support/rewards.ts';
import { operatorToken } from './support/wallet.ts';
import { withConsoleSession } from './support/ops.ts';

const OUT = process.env.SHOT_DIR ?? '/tmp/shots-wares';
const LANGUAGES = ['en-US', 'th-TH'] as const;
const shoot = shooter(OUT);

async function browserIn(device: Device, language: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launch(device);
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  return { context, page: context.pages()[0] ?? (await context.newPage()) };
}

/** A picture of one colour with a lighter disc, as a product photo stands in for (drawn by the browser's canvas). */
async function picture(page: Page, colour: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1200;
    const g = canvas.getContext('2d')!;
    g.fillStyle = fill;
    g.fillRect(0, 0, 1200, 1200);
    g.fillStyle = 'rgba(255, 255, 255, 0.45)';
    g.beginPath();
    g.arc(600, 600, 330, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/jpeg', 0.85);
  }, colour);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

async function upload(baseUrl: string, token: string, path: string, bytes: Buffer) {
  const form = new FormData();
  form.set('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'p.jpg');
  await apiCall(baseUrl, 'POST', path, token, form);
}

runScreenshots(OUT, async (baseUrl) => {
  const token = await operatorToken(baseUrl);
  const tag = Date.now() % 100000;
  const product = await apiCall<{ id: number }>(baseUrl, 'POST', '/ops/warehouse', token, {
    name: `Mango Sticky Rice Kit ${tag}`,
    description: 'Glutinous rice, coconut cream, palm sugar and a step-by-step recipe for four.',
    category: 'food',
    purchasePriceCents: 640,
    stock: 120,
    translations: { 'th-TH': { name: `ชุดข้าวเหนียวมะม่วง ${tag}`, description: 'ข้าวเหนียว กะทิ น้ำตาลมะพร้าว และสูตรทำทีละขั้นตอนสำหรับสี่ที่' } },
  });
  const painter = await browserIn('desktop', 'en-US');
  try {
    await upload(baseUrl, token, `/ops/warehouse/${product.id}/photo`, await picture(painter.page, '#f59e0b'));
    for (const colour of ['#16a34a', '#0ea5e9', '#e11d48']) await upload(baseUrl, token, `/ops/warehouse/${product.id}/gallery`, await picture(painter.page, colour));
  } finally {
    await painter.context.close();
  }
  const seller = await sellerLogin(baseUrl, DEMO);
  const added = await apiCall<{ results: { productId: number }[] }>(baseUrl, 'POST', '/product/batchAdd', seller.token, { warehouseProductIds: [product.id], profitRatio: 20 });
  const shopProductId = added.results[0]!.productId;

  for (const language of LANGUAGES) {
    const { context, page } = await browserIn('desktop', language);
    try {
      await withConsoleSession(page, token);
      await page.goto(`${baseUrl}/ops/warehouse`);
      await settle(page, 'warehouse-table');
      await page.getByTestId(`warehouse-edit-${product.id}`).click();
      await settle(page, 'warehouse-gallery');
      await shoot(page, `desktop-${language}-ops-warehouse-form`, false);
      await page.getByTestId('warehouse-languages').getByRole('tab', { name: 'ไทย' }).click();
      await page.waitForTimeout(400);
      await shoot(page, `desktop-${language}-ops-warehouse-form-thai`, false);
    } finally {
      await context.close();
    }
    for (const device of ['desktop', 'phone'] as const) {
      await inDemoSession(baseUrl, device, language, async (page, shotTag) => {
        const name = encodeURIComponent(language === 'th-TH' ? `ชุดข้าวเหนียวมะม่วง ${tag}` : `Mango Sticky Rice Kit ${tag}`);
        await page.goto(`${baseUrl}${device === 'desktop' ? '/products/warehouse' : '/m/warehouse?inShop=all'}${device === 'desktop' ? '?' : '&'}name=${name}`);
        await settle(page, device === 'desktop' ? 'warehouse-table' : 'm-warehouse-search');
        await page.waitForTimeout(1500);
        await shoot(page, `${shotTag}-seller-warehouse`, false);
      });
      const { context, page } = await browserIn(device, language);
      try {
        await page.goto(`${baseUrl}/mall/product/${shopProductId}`);
        await settle(page, 'mall-product');
        await shoot(page, `${device}-${language}-mall-product-gallery`, false);
        if (device === 'phone') {
          // A swipe to the left turns to the next picture.
          const main = page.getByTestId('mall-gallery-main');
          const box = (await main.boundingBox())!;
          await main.dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: box.x + 300, clientY: box.y + 100 }], changedTouches: [{ identifier: 1, clientX: box.x + 300, clientY: box.y + 100 }] });
          await main.dispatchEvent('touchend', { touches: [], changedTouches: [{ identifier: 1, clientX: box.x + 80, clientY: box.y + 100 }] });
          await page.waitForTimeout(400);
          await shoot(page, `${device}-${language}-mall-product-gallery-swiped`, false);
        }
      } finally {
        await context.close();
      }
    }
  }
});
