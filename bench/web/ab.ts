/**
 * bench/web A/B: two builds of the web app side by side, each served by its own server (fresh demo
 * database, plain HTTP/1.1 unless TRANSPORT=https), measured by Lighthouse in turns (A, B, A, B, …)
 * so the machine's drift falls on both alike. Prints each run's performance score, LCP, FCP, Total
 * Blocking Time and the machine's benchmark index, then the medians. Asserts nothing.
 *
 * `A_DIST=<a build> B_DIST=<another build> npm run bench:web:ab` (B defaults to apps/web/dist);
 * PAGE=/m/shop (default), PRESET=mobile|desktop (mobile), RUNS=5, LH_SAVE=<folder> keeps the reports.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openLighthouse, TARGETS, type PresetName } from './lighthouse.ts';
import { repoRoot, startServer, type RunningServer } from '../../apps/web/e2e/support/server.ts';
import { sellerSession } from '../../apps/web/e2e/support/orders.ts';
import { selfSignedCertificate } from '../../apps/server/test/self-signed.ts';

const dists = { A: process.env.A_DIST, B: process.env.B_DIST ?? path.join(repoRoot, 'apps/web/dist') };
if (!dists.A) throw new Error('A_DIST=<folder of a build> is required (B_DIST defaults to apps/web/dist)');
const PAGE = process.env.PAGE ?? '/m/shop';
const PRESET = (process.env.PRESET ?? 'mobile') as PresetName;
const RUNS = Number(process.env.RUNS ?? 5);
const HTTPS = process.env.TRANSPORT === 'https';
const SAVE_DIR = process.env.LH_SAVE;
if (SAVE_DIR) fs.mkdirSync(SAVE_DIR, { recursive: true });
const target = TARGETS.find((t) => t.path === PAGE);
if (!target) throw new Error(`PAGE must be one of bench/web's pages: ${TARGETS.map((t) => t.path).join(', ')}`);

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-ab-'));
if (HTTPS) process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const tls = HTTPS ? await selfSignedCertificate(scratch) : undefined;
const servers: Record<string, RunningServer> = {};
const lighthouse = await openLighthouse();
const figures: Record<string, { score: number; lcp: number; fcp: number; tbt: number }[]> = { A: [], B: [] };
try {
  for (const [name, dist] of Object.entries(dists)) {
    // startServer copies the build into <dataDir>/web unless it is there already.
    const dataDir = fs.mkdtempSync(path.join(scratch, `${name}-`));
    fs.cpSync(path.resolve(dist!), path.join(dataDir, 'web'), { recursive: true });
    servers[name] = await startServer({ dataDir, tls });
  }
  const sessions = Object.fromEntries(await Promise.all(Object.entries(servers).map(async ([name, s]) => [name, await sellerSession(s.baseUrl)] as const)));
  console.log(`${PAGE}, ${PRESET} preset, ${HTTPS ? 'HTTPS, HTTP/2' : 'HTTP/1.1'}; A = ${dists.A}, B = ${dists.B}`);
  for (let i = 0; i < RUNS; i++) {
    for (const name of ['A', 'B']) {
      const { lhr } = await lighthouse.run(`${servers[name]!.baseUrl}${PAGE}`, PRESET, target.signedIn ? sessions[name] : undefined);
      if (SAVE_DIR) fs.writeFileSync(path.join(SAVE_DIR, `${name}-${i + 1}.json`), JSON.stringify(lhr));
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const run = { score: Math.round((lhr.categories.performance?.score ?? 0) * 100), lcp: audit('largest-contentful-paint'), fcp: audit('first-contentful-paint'), tbt: audit('total-blocking-time') };
      figures[name]!.push(run);
      console.log(`${name} run ${i + 1}: performance ${run.score}, LCP ${(run.lcp / 1000).toFixed(2)} s, FCP ${(run.fcp / 1000).toFixed(2)} s, TBT ${run.tbt.toFixed(0)} ms, benchmark index ${lhr.environment?.benchmarkIndex ?? '?'}${lhr.runtimeError ? `, error ${lhr.runtimeError.code}` : ''}`);
    }
  }
} finally {
  await lighthouse.close();
  await Promise.all(Object.values(servers).map((s) => s.stop()));
  fs.rmSync(scratch, { recursive: true, force: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [name, runs] of Object.entries(figures)) {
  const m = (key: 'score' | 'lcp' | 'fcp' | 'tbt') => median(runs.map((r) => r[key]));
  console.log(`${name} median: performance ${m('score')}, LCP ${(m('lcp') / 1000).toFixed(2)} s, FCP ${(m('fcp') / 1000).toFixed(2)} s, TBT ${m('tbt').toFixed(0)} ms (scores ${runs.map((r) => r.score).join(', ')})`);
}
