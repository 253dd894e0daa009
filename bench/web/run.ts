/**
 * bench/web: Lighthouse 12 (driving Debian's Chromium) over the phone and desktop login pages, the phone
 * shop and the desktop dashboard (signed in as the demo seller) and the mall's home, with the mobile and desktop presets,
 * beside a baseline: a static page (support-chat.html) served by the same server. Prints the
 * performance and accessibility scores and the LCP; asserts nothing (the targets: performance
 * ≥ 95 and accessibility ≥ 95 on every page with both presets).
 *
 * Each page is measured over two transports, each its own server: plain HTTP/1.1 (what `npm start`
 * serves by default; Lighthouse's simulation gives an HTTP/1.1 origin six connections, one request
 * each at a time) and HTTPS with HTTP/2 (TLS_CERT_FILE/TLS_KEY_FILE with a self-signed certificate
 * made for the run, which Chromium is told to accept: what a deployment serves, since the service
 * worker needs a secure origin).
 *
 * `npm run bench:web` after `npm run build` (WEB_DIST for another build). CHROMIUM overrides /usr/bin/chromium;
 * PAGES=/m/login,/login limits the pages; TRANSPORTS=http or TRANSPORTS=https one transport;
 * PRESETS=mobile or PRESETS=desktop one preset; LH_SAVE=<folder> keeps the reports.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openLighthouse, PRESETS as ALL_PRESETS, TARGETS } from './lighthouse.ts';
import { startServer } from '../../apps/web/e2e/support/server.ts';
import { sellerSession } from '../../apps/web/e2e/support/orders.ts';
import { selfSignedCertificate } from '../../apps/server/test/self-signed.ts';

/** LH_SAVE=<folder> keeps each Lighthouse report (JSON) there, to study its audits. */
const SAVE_DIR = process.env.LH_SAVE;
if (SAVE_DIR) fs.mkdirSync(SAVE_DIR, { recursive: true });
const only = process.env.PAGES?.split(',').map((p) => p.trim());
const targets = TARGETS.filter((t) => t.baseline || !only || only.includes(t.path));
const onlyPresets = process.env.PRESETS?.split(',').map((p) => p.trim());
const PRESETS = ALL_PRESETS.filter((preset) => !onlyPresets || onlyPresets.includes(preset.name));

const transports = (process.env.TRANSPORTS ?? 'http,https').split(',').map((t) => t.trim());
const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-bench-tls-'));
// The bench's own requests (the demo session) to its self-signed server.
if (transports.includes('https')) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const lighthouse = await openLighthouse();
const rows: string[][] = [];
/** Lighthouse's CPU measure of this machine, per run (higher is faster): scores move with it. */
const benchmarkIndexes: number[] = [];
try {
  for (const transport of transports) {
    const server = await startServer(transport === 'https' ? { tls: await selfSignedCertificate(certDir) } : {});
    try {
      await measure(server.baseUrl, transport === 'https' ? 'HTTPS, HTTP/2' : 'HTTP/1.1');
    } finally {
      await server.stop();
    }
  }
} finally {
  await lighthouse.close();
  fs.rmSync(certDir, { recursive: true, force: true });
}

async function measure(baseUrl: string, transport: string) {
  const session = await sellerSession(baseUrl);
  for (const target of targets) {
    for (const preset of PRESETS) {
      const url = `${baseUrl}${target.path}`;
      // A run Lighthouse could not measure is run once more: the note says so, and a second failure is printed as it is.
      const { lhr, firstError } = await lighthouse.run(url, preset.name, target.signedIn ? session : undefined);
      if (SAVE_DIR) fs.writeFileSync(path.join(SAVE_DIR, `${target.path.replace(/\W+/g, '_')}-${preset.name}-${transport.startsWith('HTTPS') ? 'h2' : 'h1'}.json`), JSON.stringify(lhr));
      if (lhr.environment?.benchmarkIndex) benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      const score = (id: string) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100));
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      const failing = (id: string) =>
        (lhr.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => ref.id)
          .join(' ');
      // A run Lighthouse could not measure (no LCP, a page error) says why instead of scoring 0 silently.
      const error = lhr.runtimeError?.code ?? lhr.audits['largest-contentful-paint']?.errorMessage;
      const note = [landed === target.path ? '' : `landed on ${landed}`, firstError ? `second run (first: ${firstError})` : '', error ? `error: ${error}` : ''].filter(Boolean).join('; ');
      rows.push([target.baseline ? `${target.path} (baseline)` : target.path, transport, preset.name, score('performance'), score('accessibility'), lcp === undefined ? '-' : `${(lcp / 1000).toFixed(2)} s`, note, failing('performance'), failing('accessibility')]);
      console.log(rows.at(-1)!.slice(0, 7).join(' | '));
      // Where an accessibility audit fails: its first elements, to fix.
      for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight === 0 || (audit?.score ?? 1) >= 0.9) continue;
        const items = ((audit?.details as { items?: { node?: { selector?: string; snippet?: string } }[] } | undefined)?.items ?? []).slice(0, 3);
        for (const item of items) console.log(`    ${ref.id}: ${item.node?.selector ?? ''} ${item.node?.snippet?.slice(0, 160) ?? ''}`);
      }
    }
  }
}

console.log('\npage | transport | preset | performance | accessibility | LCP | note | performance audits < 0.9 | accessibility audits < 0.9');
console.log('--- | --- | --- | --- | --- | --- | --- | --- | ---');
for (const row of rows) console.log(row.join(' | '));
if (benchmarkIndexes.length) console.log(`\nLighthouse benchmark index of this machine: ${Math.min(...benchmarkIndexes)}–${Math.max(...benchmarkIndexes)} (its CPU measure, higher is faster; compare figures across machines with it)`);
