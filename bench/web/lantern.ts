/**
 * bench/web Lantern: why a page scores what it scores on the simulated phone. Lighthouse does not
 * time the page as it loaded: Lantern, its simulator, replays the recorded requests and main-thread
 * tasks over a slow-4G link (150 ms round trips, 1.6 Mbit/s, HTTP/1.1's six connections per origin,
 * each with TCP's slow start) and a CPU four times slower. This runs Lighthouse once on one page
 * (mobile preset, plain HTTP/1.1, a fresh demo server; signed in for /m/shop and /dashboard), keeps
 * what it gathered, and prints the graph Lantern built for the LCP: each request and each counted
 * task with its simulated start and end, so the one that ends last (the LCP) and what held it back
 * show. Then "what if": each argument edits the recorded network log and prints the simulated FCP
 * and LCP again:
 * - `drop:<part of a URL>`: those requests never happened;
 * - `size:<part of a URL>:<bytes>`: they had been that many bytes on the wire.
 * It showed, for instance, that the favicon and the manifest held HTTP/1.1 connections in the
 * entry's round, and that the phone home's first chunk sat just over a round trip's worth of bytes.
 * Asserts nothing.
 *
 * `PAGE=/m/shop npm run bench:web:lantern -- drop:favicon size:react-dom:40000` after
 * `npm run build` (WEB_DIST for another build). ARTIFACTS=<folder> keeps what was gathered there,
 * and when that folder already holds a run, uses it instead of running Lighthouse again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import * as constants from 'lighthouse/core/config/constants.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { openLighthouse, TARGETS } from './lighthouse.ts';
import { startServer } from '../../apps/web/e2e/support/server.ts';
import { sellerSession } from '../../apps/web/e2e/support/orders.ts';

const PAGE = process.env.PAGE ?? '/m/shop';
const target = TARGETS.find((t) => t.path === PAGE);
if (!target) throw new Error(`PAGE must be one of bench/web's pages: ${TARGETS.map((t) => t.path).join(', ')}`);
const edits = process.argv.slice(2).map(parseEdit);
const folder = process.env.ARTIFACTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-lantern-'));

if (!fs.existsSync(path.join(folder, 'artifacts.json'))) await gather();

/** A devtools protocol event of the recorded network log (the part read here). */
interface LogEvent {
  method: string;
  params: { requestId?: string; request?: { url: string }; encodedDataLength?: number; response?: { encodedDataLength: number } };
}
interface Edit {
  drop: boolean;
  url: string;
  bytes: number;
}

const artifacts = (await loadArtifacts(folder)) as unknown as { Trace: unknown; DevtoolsLog: LogEvent[]; GatherContext: unknown; URL: unknown };
const settings = { ...constants.defaultSettings, throttlingMethod: 'simulate', throttling: constants.throttling.mobileSlow4G, formFactor: 'mobile' };

const base = await simulate(artifacts.DevtoolsLog);
console.log(`${PAGE}, mobile preset, HTTP/1.1 (${folder})`);
console.log(`as gathered: FCP ${base.fcp} ms, LCP ${base.lcp} ms\n\nLantern's LCP graph (pessimistic), simulated start → end in ms:`);
for (const line of base.graph) console.log(line);
if (edits.length > 0) {
  const edited = await simulate(applyEdits(artifacts.DevtoolsLog, edits));
  console.log(`\nwith ${process.argv.slice(2).join(' ')}: FCP ${edited.fcp} ms (${signed(edited.fcp - base.fcp)}), LCP ${edited.lcp} ms (${signed(edited.lcp - base.lcp)})`);
}

async function gather(): Promise<void> {
  const server = await startServer();
  const lighthouse = await openLighthouse();
  try {
    const session = target!.signedIn ? await sellerSession(server.baseUrl) : undefined;
    await lighthouse.run(`${server.baseUrl}${PAGE}`, 'mobile', session, folder);
  } finally {
    await lighthouse.close();
    await server.stop();
  }
}

function parseEdit(arg: string): Edit {
  const [op, url, bytes] = arg.split(':');
  if (op === 'drop' && url) return { drop: true, url, bytes: 0 };
  if (op === 'size' && url && Number.isFinite(Number(bytes))) return { drop: false, url, bytes: Number(bytes) };
  throw new Error(`"${arg}": give drop:<part of a URL> or size:<part of a URL>:<bytes>`);
}

function applyEdits(log: LogEvent[], list: Edit[]): LogEvent[] {
  let edited: LogEvent[] = structuredClone(log);
  const urlOf = new Map(edited.filter((e) => e.method === 'Network.requestWillBeSent').map((e) => [e.params.requestId, e.params.request!.url]));
  for (const edit of list) {
    const ids = new Set([...urlOf].filter(([, url]) => url.includes(edit.url)).map(([id]) => id));
    if (ids.size === 0) throw new Error(`no request's URL holds "${edit.url}"`);
    if (edit.drop) {
      edited = edited.filter((e) => !ids.has(e.params.requestId));
      continue;
    }
    // Lantern reads a request's size from its end; the chunks and the headers' count go to 0.
    for (const e of edited) {
      if (!ids.has(e.params.requestId)) continue;
      if (e.method === 'Network.loadingFinished') e.params.encodedDataLength = edit.bytes;
      if (e.method === 'Network.dataReceived') e.params.encodedDataLength = 0;
      if (e.method === 'Network.responseReceived' && e.params.response) e.params.response.encodedDataLength = 0;
    }
  }
  return edited;
}

/** Lantern's FCP and LCP of the gathered page with `log` as its network log, and the LCP's graph. */
async function simulate(log: LogEvent[]) {
  const data = { trace: artifacts.Trace, devtoolsLog: log, gatherContext: artifacts.GatherContext, settings, simulator: null, URL: artifacts.URL, SourceMaps: [] };
  const context = { computedCache: new Map(), settings };
  type Estimate = { nodeTimings: Map<GraphNode, { startTime: number; endTime: number }> };
  type Result = { timing: number; pessimisticEstimate: Estimate };
  const fcp = (await LanternFirstContentfulPaint.request(data as never, context as never)) as unknown as Result;
  const lcp = (await LanternLargestContentfulPaint.request(data as never, context as never)) as unknown as Result;
  const graph = [...lcp.pessimisticEstimate.nodeTimings]
    .sort(([, a], [, b]) => a.startTime - b.startTime)
    .map(([node, t]) => `${String(Math.round(t.startTime)).padStart(6)} → ${String(Math.round(t.endTime)).padStart(5)}  ${describe(node)}`);
  return { fcp: Math.round(fcp.timing), lcp: Math.round(lcp.timing), graph };
}

/** A node of Lantern's graph (the part read here). */
interface GraphNode {
  type: string;
  startTime: number;
  endTime: number;
  request?: { url: string; transferSize: number };
  didPerformLayout?: () => boolean;
  getEvaluateScriptURLs?: () => Set<string>;
}

function describe(node: GraphNode): string {
  if (node.type === 'network' && node.request) return `${node.request.url.replace(/^https?:\/\/[^/]+/, '')} (${node.request.transferSize} B)`;
  const scripts = [...(node.getEvaluateScriptURLs?.() ?? [])].map((url) => url.split('/').pop());
  return `task of ${Math.round((node.endTime - node.startTime) / 1000)} ms as recorded${node.didPerformLayout?.() ? ', with a layout' : ''}${scripts.length ? `, runs ${scripts.join(', ')}` : ''}`;
}

function signed(ms: number): string {
  return `${ms > 0 ? '+' : ''}${ms} ms`;
}
