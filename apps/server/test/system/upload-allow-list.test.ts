/**
 * Uploads keep only what their format needs: pictures (deposit screenshots, logos) are decoded and
 * drawn again from their pixels, so metadata and anything riding along is gone and a file that only
 * looks like a picture is refused; a PDF voucher is kept only when it is a plain document, read the
 * way a tolerant reader would (escaped names, compressed object streams, objects past %%EOF).
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf } from '../../src/lib/pdf-check.ts';
import { callMultipart, createWalletTestApp, gifBytes, pngBytes, requestDeposit, storedScreenshots, type WalletTestContext } from '../helper.ts';
import { newShop, type ShopFixture } from '../orders/fixtures.ts';

const ctx = {} as WalletTestContext;
let shop: ShopFixture;

beforeAll(async () => {
  Object.assign(ctx, await createWalletTestApp({ pendingDepositsPerShop: 1000, uploadLimits: { perUser: 0, perShop: 0, windowMs: 60_000 } }));
  shop = await newShop(ctx);
}, 60_000);
afterAll(async () => {
  await ctx.close?.();
});

/**
 * A PDF laid out as a writer lays it out: numbered objects, a cross-reference table with their
 * offsets and a trailer. Each body is an object's content; `tail` goes after %%EOF.
 */
function pdf(bodies: (string | Buffer)[], options: { trailer?: string; tail?: string } = {}): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let size = parts[0].length;
  bodies.forEach((body, i) => {
    offsets.push(size);
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(object);
    size += object.length;
  });
  const xref = ['xref', `0 ${bodies.length + 1}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)].join('\n');
  parts.push(Buffer.from(`${xref}\ntrailer\n<</Size ${bodies.length + 1}/Root 1 0 R${options.trailer ?? ''}>>\nstartxref\n${size}\n%%EOF\n${options.tail ?? ''}`, 'latin1'));
  return Buffer.concat(parts);
}

/** A stream object's body: its dictionary entries, /Length and the data. */
function stream(entries: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<<${entries}/Length ${data.length}>>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
}

/** A compressed object stream holding `objects` as objects numbered from `first`. */
function objectStream(first: number, objects: string[], entries = '/Type/ObjStm'): Buffer {
  let offset = 0;
  const header: string[] = [];
  objects.forEach((object, i) => {
    header.push(`${first + i} ${offset}`);
    offset += object.length + 1;
  });
  const head = `${header.join(' ')}\n`;
  const data = Buffer.from(head + objects.join('\n'), 'latin1');
  return stream(`${entries}/N ${objects.length}/First ${head.length}/Filter/FlateDecode`, deflateSync(data));
}

const CATALOG = '<</Type/Catalog/Pages 2 0 R>>';
const PAGES = '<</Type/Pages/Kids[3 0 R]/Count 1>>';
const PAGE = '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]/Contents 4 0 R/Resources<</Font<</F1<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding<</Differences[65/A/B/C]>>>>>>>>>>';
const CONTENT = stream('/Filter/FlateDecode', deflateSync(Buffer.from('BT /F1 12 Tf 20 50 Td (Paid 125.50 USDT) Tj ET', 'latin1')));
const plainPdf = (extraPage = '', options: { trailer?: string; tail?: string } = {}, more: (string | Buffer)[] = []) =>
  pdf([CATALOG, PAGES, PAGE.replace('/Type/Page/', `/Type/Page${extraPage}/`), CONTENT, ...more], options);
const withCatalog = (entries: string, more: (string | Buffer)[] = []) => pdf([CATALOG.replace('/Type/Catalog', `/Type/Catalog${entries}`), PAGES, PAGE, CONTENT, ...more]);

const plainPdfs: [string, Buffer][] = [
  ['a one-page PDF with a compressed page, a font and glyph names', plainPdf()],
  ['a PDF whose objects sit in a compressed object stream', pdf([CATALOG, PAGES, PAGE, CONTENT, objectStream(6, ['<</Producer(Bank)>>', '[1 2 3]'])], { trailer: '/Info 6 0 R' })],
  ['a PDF with an outline that goes to its own page', withCatalog('/Outlines 5 0 R', ['<</Type/Outlines/First 6 0 R/Count 1>>', '<</Title(Receipt)/Parent 5 0 R/Dest[3 0 R/Fit]>>'])],
];

const activePdfs: [string, Buffer][] = [
  ['/OpenAction running /JS', withCatalog('/OpenAction<</S/JavaScript/JS(app.alert(1))>>')],
  ['/JS alone in an action dictionary', withCatalog('/Outlines 5 0 R', ['<</Type/Action/JS 6 0 R>>', stream('', Buffer.from('app.alert(1)'))])],
  ['/J#61vaScript (a name escape)', withCatalog('/Names<</J#61vaScript<</Names[(a)<</S/J#61vaScript/J#53(app.alert(1))>>]>>>>')],
  ['/JS written /#4A#53', withCatalog('/Names 5 0 R', ['<</Dests 6 0 R>>', '<</S 7 0 R/#4A#53(app.alert(1))>>'])],
  ['/OpenAction going to a page', withCatalog('/OpenAction[3 0 R/Fit]')],
  ['/AA on a page (run on opening it)', plainPdf('/AA<</O<</S/Named/N/Print>>>>')],
  ['/Launch', withCatalog('/OpenAction<</S/L#61unch/F(cmd.exe)>>')],
  ['/URI link annotation', plainPdf('/Annots[<</Type/Annot/Subtype/Link/Rect[0 0 200 100]/A<</S/URI/URI(https://phish.example/)>>>>]')],
  ['/SubmitForm', withCatalog('/AcroForm<</Fields[5 0 R]>>', ['<</FT/Btn/A<</S/SubmitForm/F(https://x.example/)>>>>'])],
  ['/GoToR to another file', withCatalog('/OpenAction<</S/GoToR/F(other.pdf)/D[0/Fit]>>')],
  ['an embedded file', withCatalog('/Names<</EmbeddedFiles<</Names[(a.exe)5 0 R]>>>>', ['<</Type/Filespec/F(a.exe)/EF<</F 6 0 R>>>>', stream('/Type/EmbeddedFile', Buffer.from('MZ'))])],
  ['a file attachment annotation', plainPdf('/Annots[<</Subtype/FileAttachment/FS 5 0 R/Rect[0 0 1 1]>>]', {}, ['<</F(x.bin)>>'])],
  ['an action inside a compressed object stream', pdf([CATALOG.replace('/Type/Catalog', '/Type/Catalog/OpenAction 6 0 R'), PAGES, PAGE, CONTENT, objectStream(6, ['<</S/JavaScript/JS(app.alert(1))>>'])])],
  ['an escaped action inside an object stream without /Type', pdf([CATALOG.replace('/Type/Catalog', '/Type/Catalog/OpenAction 6 0 R'), PAGES, PAGE, CONTENT, objectStream(6, ['<</S/J#61vaScript/J#53(app.alert(1))>>'], '')])],
  ['an escaped object stream type', pdf([CATALOG, PAGES, PAGE, CONTENT, objectStream(6, ['<</AA<<>>>>'], '/Type/Obj#53tm')])],
  ['an incremental update after %%EOF adding an action', plainPdf('', { tail: '1 0 obj\n<</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(1)>>>>\nendobj\n' })],
  ['/XFA forms', withCatalog('/AcroForm<</Fields[]/XFA 5 0 R>>', [stream('', Buffer.from('<xdp/>'))])],
  ['encryption', plainPdf('', { trailer: '/Encrypt<</Filter/Standard/V 1/R 2/O<00>/U<00>/P -4>>' })],
  ['HTML in a comment', Buffer.concat([Buffer.from('%PDF-1.4\n%<html><script>alert(1)</script>\n', 'latin1'), plainPdf().subarray(9)])],
];

const unreadablePdfs: [string, Buffer][] = [
  ['an object hidden in an uncompressed stream, for a repairing reader', plainPdf('', {}, [stream('', Buffer.from('9 0 obj <</S/JavaScript/JS(1)>> endobj'))])],
  ['an object hidden in a string', withCatalog('/Lang(9 0 obj <</S/Launch>> endobj)')],
  ['an object stream in a filter not read here', pdf([CATALOG, PAGES, PAGE, CONTENT, stream('/Type/ObjStm/N 1/First 4/Filter/LZWDecode', Buffer.from('junk'))])],
  ['an object stream that does not inflate', pdf([CATALOG, PAGES, PAGE, CONTENT, stream('/Type/ObjStm/N 1/First 4/Filter/FlateDecode', Buffer.from('not zlib data'))])],
  ['bytes that are no PDF syntax', Buffer.from('%PDF-1.4\n1 0 obj <</Type/Catalog>> endobj\n<html>\n', 'latin1')],
  ['a stream without its end', Buffer.from('%PDF-1.4\n1 0 obj <</Length 5>> stream\nabcde', 'latin1')],
];

describe('PDF vouchers', () => {
  it.each(plainPdfs)('accepts %s, kept as sent', async (_label, file) => {
    expect(inspectPdf(file)).toBe('plain');
    const answer = await requestDeposit(ctx.app, shop.token, '10', { file, filename: 'receipt.pdf', contentType: 'application/pdf' });
    expect(answer.status).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: `/api/wallet/deposits/${answer.body.data.id}/screenshot`, headers: { authtoken: shop.token } });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(file)).toBe(true);
  });

  it.each(activePdfs)('refuses a PDF with %s: localized 400 PDF_NOT_PLAIN, nothing stored', async (_label, file) => {
    expect(inspectPdf(file)).toBe('active');
    const before = storedScreenshots(ctx.uploadsDir).length;
    const en = await requestDeposit(ctx.app, shop.token, '10', { file, filename: 'receipt.pdf', contentType: 'application/pdf', lang: 'en-US' });
    const th = await requestDeposit(ctx.app, shop.token, '10', { file, filename: 'receipt.pdf', contentType: 'application/pdf', lang: 'th-TH' });
    expect(en.status).toBe(400);
    expect(en.body.error).toBe('PDF_NOT_PLAIN');
    expect(en.body.msg).toMatch(/script/i);
    expect(th.body.error).toBe('PDF_NOT_PLAIN');
    expect(th.body.msg).not.toBe(en.body.msg);
    expect(storedScreenshots(ctx.uploadsDir)).toHaveLength(before);
  });

  it.each(unreadablePdfs)('refuses a PDF with %s as a file type it does not accept', async (_label, file) => {
    expect(inspectPdf(file)).toBe('unreadable');
    const answer = await requestDeposit(ctx.app, shop.token, '10', { file, filename: 'receipt.pdf', contentType: 'application/pdf' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('INVALID_FILE_TYPE');
  });

  it('reads a deeply nested PDF without running out of stack', () => {
    expect(inspectPdf(Buffer.from(`%PDF-1.4\n1 0 obj ${'['.repeat(200_000)}`, 'latin1'))).toBe('unreadable');
  });
});

describe('pictures are drawn again from their pixels', () => {
  async function photoWithSecrets(): Promise<Buffer> {
    // A photo as a phone saves it: EXIF with the owner's name and where it was taken, turned by its orientation tag.
    return sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Nguyen Van A', ImageDescription: 'Home 21.0285 N 105.8542 E' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
  }

  it('keeps no metadata of a JPEG and stands it the right way up', async () => {
    const photo = await photoWithSecrets();
    expect(photo.toString('latin1')).toContain('Nguyen Van A');
    const answer = await requestDeposit(ctx.app, shop.token, '10', { file: photo, filename: 'paid.jpg', contentType: 'image/jpeg' });
    expect(answer.status).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: `/api/wallet/deposits/${answer.body.data.id}/screenshot`, headers: { authtoken: shop.token } });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.toString('latin1')).not.toMatch(/Nguyen|105\.85/);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
  });

  it('keeps none of a PNG text chunk or what follows its end (a page riding along)', async () => {
    const chunk = (type: string, data: Buffer) => {
      const out = Buffer.alloc(8 + data.length + 4);
      out.writeUInt32BE(data.length, 0);
      out.write(type, 4, 'latin1');
      data.copy(out, 8);
      out.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 8 + data.length);
      return out;
    };
    const base = pngBytes();
    const withText = Buffer.concat([base.subarray(0, 33), chunk('tEXt', Buffer.from('Comment\0owner@example.com <svg onload=alert(1)>', 'latin1')), base.subarray(33), Buffer.from('<html><script>alert(1)</script>')]);
    const answer = await requestDeposit(ctx.app, shop.token, '10', { file: withText, filename: 'paid.png' });
    expect(answer.status).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: `/api/wallet/deposits/${answer.body.data.id}/screenshot`, headers: { authtoken: shop.token } });
    expect(served.rawPayload.toString('latin1')).not.toMatch(/owner@example|<svg|<html|<script/);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  const fakes: [string, Buffer, string][] = [
    ['JPEG first bytes before a page', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')]), 'image/jpeg'],
    ['a PNG cut short', pngBytes().subarray(0, 40), 'image/png'],
    ['a PNG that claims 30000×30000 pixels', pngHeaderOnly(30_000, 30_000), 'image/png'],
  ];

  it.each(fakes)('refuses %s with a localized INVALID_FILE_TYPE', async (_label, file, contentType) => {
    const before = storedScreenshots(ctx.uploadsDir).length;
    const answer = await requestDeposit(ctx.app, shop.token, '10', { file, filename: 'paid.png', contentType, lang: 'vi-VN' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('INVALID_FILE_TYPE');
    expect(answer.body.msg).toContain('PNG');
    expect(storedScreenshots(ctx.uploadsDir)).toHaveLength(before);
  });

  it('refuses a GIF logo that is only a header, and keeps no comment of a real one', async () => {
    const onlyHeader = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const refused = await callMultipart(ctx.app, '/api/shop/logo?target=shop', [{ name: 'logo', filename: 'a.gif', contentType: 'image/gif', data: onlyHeader }], { token: shop.token });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('LOGO_INVALID_TYPE');
    // A comment extension (21 FE) with markup, placed before the image's trailer.
    const gif = gifBytes();
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, 30]), Buffer.from('<script>alert(1)</script>xxxxx'), Buffer.from([0])]);
    const withComment = Buffer.concat([gif.subarray(0, gif.length - 1), comment, gif.subarray(gif.length - 1)]);
    const accepted = await callMultipart(ctx.app, '/api/shop/logo?target=shop', [{ name: 'logo', filename: 'a.gif', contentType: 'image/gif', data: withComment }], { token: shop.token });
    expect(accepted.status).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: accepted.body.data.logo });
    expect(served.rawPayload.toString('latin1')).not.toContain('<script');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'gif', width: 1, height: 1 });
  });
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG whose header claims a huge canvas, with one small row of data (a decompression bomb's shape). */
function pngHeaderOnly(width: number, height: number): Buffer {
  const base = pngBytes();
  const ihdr = Buffer.from(base.subarray(8, 33));
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.writeUInt32BE(crc32(ihdr.subarray(4, 21)), 21);
  return Buffer.concat([base.subarray(0, 8), ihdr, base.subarray(33)]);
}
