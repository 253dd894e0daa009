/**
 * bench/orders load generator (a child process of run.ts, so it never shares the server's event
 * loop). Open loop: request i is due at start + i / RATE whatever happened to the earlier ones,
 * and its latency counts from that due time (no coordinated omission). Prints one JSON line.
 *
 *   LOAD_URL, LOAD_RATE, LOAD_SECONDS, LOAD_WARMUP_SECONDS, LOAD_TOKENS_FILE (one token per line; empty: no token),
 *   LOAD_REQUESTS_FILE (instead of the list mix: one request per line, `token<TAB>JSON body`, used in turn),
 *   LOAD_METHOD (POST; GET sends no body: the body column of LOAD_REQUESTS_FILE is then the URL's query)
 */
import fs from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const url = new URL(process.env.LOAD_URL ?? 'http://127.0.0.1:3000/api/order/getOrderList');
const rate = Number(process.env.LOAD_RATE ?? 500);
const seconds = Number(process.env.LOAD_SECONDS ?? 20);
const warmupSeconds = Number(process.env.LOAD_WARMUP_SECONDS ?? 3);
const tokens = process.env.LOAD_TOKENS_FILE ? fs.readFileSync(process.env.LOAD_TOKENS_FILE, 'utf8').split('\n').filter(Boolean) : [''];

const requests = process.env.LOAD_REQUESTS_FILE
  ? fs.readFileSync(process.env.LOAD_REQUESTS_FILE, 'utf8').split('\n').filter(Boolean).map((line) => line.split('\t') as [string, string])
  : null;

const method = process.env.LOAD_METHOD ?? 'POST';
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** A realistic mix of list requests: mostly the first page, some tabs and later pages. */
function body(i: number): string {
  const roll = (i * 2654435761) % 100;
  if (roll < 70) return '{"page":1,"pageSize":20}';
  if (roll < 85) return '{"tab":"to_purchase","page":1,"pageSize":20}';
  return `{"page":${2 + (i % 4)},"pageSize":20}`;
}

function send(i: number): Promise<number> {
  const [token, payload] = requests ? requests[i % requests.length] : [tokens[(i * 7919) % tokens.length], body(i)];
  const get = method === 'GET';
  const target = get && payload ? new URL(`${url.pathname}?${payload}`, url) : url;
  const headers = get ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) };
  return new Promise((resolve) => {
    const req = http.request(
      target,
      { method, agent, headers: { ...headers, ...(token ? { authtoken: token } : {}) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(get ? undefined : payload);
  });
}

async function phase(durationSeconds: number, record: boolean) {
  const total = Math.round(rate * durationSeconds);
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  let maxInFlight = 0;
  while (next < total) {
    const now = performance.now();
    while (next < total && start + (next * 1000) / rate <= now) {
      const due = start + (next * 1000) / rate;
      const p = send(next).then((status) => {
        if (record) {
          if (status === 200) latencies.push(performance.now() - due);
          else errors++;
        }
        inFlight.delete(p);
      });
      inFlight.add(p);
      maxInFlight = Math.max(maxInFlight, inFlight.size);
      next++;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  return { latencies, errors, elapsed, sent: total, maxInFlight };
}

async function main() {
  if (warmupSeconds > 0) await phase(warmupSeconds, false);
  // This process's own stalls (its GC, or the machine's): requests it sends late count as latency.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const { latencies, errors, elapsed, sent, maxInFlight } = await phase(seconds, true);
  loop.disable();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
  process.stdout.write(
    `${JSON.stringify({ sent, ok: latencies.length, errors, reqPerSec: latencies.length / elapsed, p50: pct(0.5), p90: pct(0.9), p99: pct(0.99), max: latencies[latencies.length - 1] ?? NaN, maxInFlight, loopMaxMs: loop.max / 1e6 })}\n`,
  );
  agent.destroy();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
