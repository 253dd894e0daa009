/**
 * Screenshots of the buyer's chat in the mall (not a test): desktop 1440×900 and phone 390×844, in
 * en-US and th-TH, light and dark: the product page's "Chat with seller", the conversations, one
 * conversation with cards, a picture and the seller's reply, the picture opened large, a refused
 * file, and the order and shop pages' entries, into screenshots/chat-mall/ (or SHOTS_DIR). Run after
 * a build:
 *   npx tsx apps/web/e2e/chat-mall-screenshots.ts
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { launch, type Device } from './support/browser.ts';
import { DEMO } from './support/app.ts';
import { repoRoot } from './support/server.ts';
import { runScreenshots, settle, shooter } from './support/screenshot-kit.ts';
import { api, buyerCheckout } from './support/orders.ts';
import { buyerHeaders, registerBuyer, signInMall, topUp, type MallBuyer } from './support/mall.ts';
import { apiCall, sellerLogin } from './support/rewards.ts';

const OUT = process.env.SHOTS_DIR ?? path.join(repoRoot, 'screenshots/chat-mall');
const shoot = shooter(OUT);
const LANGUAGES = ['en-US', 'th-TH'] as const;

/** A 320×240 PNG of a soft gradient with a box on it (the demo covers are SVG, which chat refuses). */
function photo(): Buffer {
  const [w, h] = [320, 240];
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const at = y * (w * 3 + 1) + 1 + x * 3;
      const box = x > 110 && x < 210 && y > 70 && y < 170;
      raw[at] = box ? 192 : 240 - y / 4;
      raw[at + 1] = box ? 50 : 200 + x / 10;
      raw[at + 2] = box ? 24 : 230;
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

interface Setup {
  buyer: MallBuyer;
  sellerToken: string;
  conversationId: number;
  shopId: number;
  productId: number;
  orderId: string;
}

async function prepare(baseUrl: string): Promise<Setup> {
  const seller = await sellerLogin(baseUrl, DEMO);
  const listed = await api<{ list: { productId: number; shopId: number; stock: number }[] }>(baseUrl, 'GET', '/api/mall/products?sort=sales&pageSize=50', {});
  const product = listed.list.find((c) => c.shopId === seller.shopId && c.stock > 5);
  if (!product) throw new Error('no demo product');
  const buyer = await registerBuyer(baseUrl, 'cshot');
  await topUp(baseUrl, buyer, 1_000_00);
  const orderId = await buyerCheckout(baseUrl, buyer.buyerToken, seller.shopId, product.productId);
  const started = await api<{ conversation: { id: number } }>(baseUrl, 'POST', '/api/buyer/chat/start', buyerHeaders(buyer), {
    shopId: seller.shopId,
    productId: product.productId,
    text: 'Hello! Is this the original version? The listing at www.example.com says otherwise.',
  });
  const conversationId = started.conversation.id;
  const form = new FormData();
  form.append('conversationId', String(conversationId));
  form.append('image', new Blob([new Uint8Array(photo())], { type: 'image/png' }), 'photo.png');
  const sent = await fetch(`${baseUrl}/api/buyer/chat/sendImage`, { method: 'POST', headers: buyerHeaders(buyer), body: form });
  if (!sent.ok) console.warn(`picture refused: ${await sent.text()}`);
  await apiCall(baseUrl, 'POST', '/chat/send', seller.token, { conversationId, text: 'Yes, it is 100% original with a 1-year warranty.\nWe ship within 24 hours.' });
  await api(baseUrl, 'POST', '/api/buyer/chat/send', buyerHeaders(buyer), { conversationId, orderId, text: 'Great, I ordered it. When will it ship?' });
  return { buyer, sellerToken: seller.token, conversationId, shopId: seller.shopId, productId: product.productId, orderId };
}

async function pages(baseUrl: string, device: Device, language: string, setup: Setup): Promise<void> {
  const context = await launch(device);
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  await signInMall(context, setup.buyer);
  const page = context.pages()[0] ?? (await context.newPage());
  const tag = `${device}-${language}`;
  // A reply not read yet: the badges and the list's count show it until the conversation opens.
  await apiCall(baseUrl, 'POST', '/chat/send', setup.sellerToken, { conversationId: setup.conversationId, text: 'It ships tomorrow morning. Tracking: https://track.example/SD123' });
  try {
    await page.goto(`${baseUrl}/mall/product/${setup.productId}`);
    await settle(page, 'chat-with-seller');
    await shoot(page, `${tag}-product`, false);
    await page.goto(`${baseUrl}/mall/chat`);
    await settle(page, 'chat-conversation');
    await shoot(page, `${tag}-list`, false);
    await page.goto(`${baseUrl}/mall/chat/${setup.shopId}?product=${setup.productId}`);
    await settle(page, 'chat-image');
    await shoot(page, `${tag}-conversation`, false);
    await page.getByTestId('chat-image-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await settle(page, 'chat-error');
    await shoot(page, `${tag}-refused`, false);
    await page.getByTestId('chat-image').first().click();
    await settle(page, 'chat-image-viewer');
    await shoot(page, `${tag}-viewer`, false);
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.localStorage.setItem('mallTheme', 'dark'));
    await page.goto(`${baseUrl}/mall/chat/${setup.shopId}?order=${encodeURIComponent(setup.orderId)}`);
    await settle(page, 'chat-image');
    await shoot(page, `${tag}-conversation-dark`, false);
    await page.goto(`${baseUrl}/mall/orders/${encodeURIComponent(setup.orderId)}`);
    await settle(page, 'chat-with-seller');
    await shoot(page, `${tag}-order-dark`, false);
    await page.evaluate(() => window.localStorage.setItem('mallTheme', 'light'));
    await page.goto(`${baseUrl}/mall/shop/${setup.shopId}`);
    await settle(page, 'chat-with-seller');
    await shoot(page, `${tag}-shop`, false);
    await page.goto(`${baseUrl}/mall/me`);
    await settle(page, 'me-messages');
    await shoot(page, `${tag}-me`, false);
  } finally {
    await context.close();
  }
}

runScreenshots(OUT, async (baseUrl) => {
  const setup = await prepare(baseUrl);
  for (const language of LANGUAGES) {
    await pages(baseUrl, 'desktop', language, setup);
    await pages(baseUrl, 'phone', language, setup);
  }
});
