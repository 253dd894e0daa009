/**
 * bench/import: a seller's product sheet of BENCH_ROWS (10,000) rows, one per variant (a quarter
 * of them variants of products with four sizes), every row's profit ratio edited (the same on each
 * row of a product), imported as XLSX and as CSV into the real app (server.ts, a separate process):
 * the dry run (/api/product/sheet/check) and the apply (/api/product/sheet/import, which answers
 * the per-row result file), each timed, with the server's peak RSS during it; each apply is undone
 * before the next round. Two rounds. Targets: < 10 s and < 200 MB of server memory per import.
 *
 *   npm run bench:import
 *   (BENCH_ROWS=10000 BENCH_ROUNDS=2 BENCH_DATABASE_URL=postgres://…)
 */
import { buffer } from 'node:stream/consumers';
import { toCsv } from '../../packages/shared/src/csv.ts';
import { AppError } from '../../apps/server/src/lib/app-error.ts';
import { csvGrid, sheetWriter } from '../../apps/server/src/lib/spreadsheet.ts';
import { forkBenchServer, mb, now } from '../support/load.ts';
import type { FromServer, ToServer } from './server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

const server = forkBenchServer<ToServer, FromServer>('bench/import/server.ts', {});
const ready = await server.ready;
const base = `http://127.0.0.1:${ready.port}`;
const headers = { authtoken: ready.token, 'accept-language': 'en-US' };
console.log(`server ready (${ready.kind}), idle RSS ${mb(ready.rss)} MB`);

/** Runs a step and answers its time and the server's peak RSS during it, with the rise over its RSS just before. */
async function timed<T>(what: () => Promise<T>): Promise<{ ms: number; value: T; peakMb: string }> {
  const before = await server.ask('peak');
  const start = now();
  const value = await what();
  const ms = now() - start;
  const { peakRss } = await server.ask('peak');
  return { ms, value, peakMb: `${mb(peakRss)} MB, +${mb(Math.max(0, peakRss - before.rss))}` };
}

async function get(path: string): Promise<Buffer> {
  const response = await fetch(base + path, { headers });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

async function upload(path: string, bytes: Buffer): Promise<{ status: number; body: Buffer; applied: string | null; failed: string | null }> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'sheet');
  const response = await fetch(base + path, { method: 'POST', headers, body: form });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()), applied: response.headers.get('x-sheet-applied'), failed: response.headers.get('x-sheet-failed') };
}

// The export, then every row's profit ratio raised from 20% to 25%.
const exportCsv = await timed(() => get('/api/product/sheet/export?format=csv'));
const exportXlsx = await timed(() => get('/api/product/sheet/export?format=xlsx'));
console.log(`export CSV  ${exportCsv.value.length} bytes in ${exportCsv.ms.toFixed(0)} ms, peak RSS ${exportCsv.peakMb} MB`);
console.log(`export XLSX ${exportXlsx.value.length} bytes in ${exportXlsx.ms.toFixed(0)} ms, peak RSS ${exportXlsx.peakMb} MB`);
// Read with the import's own CSV reader: a variant's name ("Blue, M") is a quoted cell with a comma.
const [header = [], ...rows] = csvGrid(exportCsv.value, () => new AppError('SHEET_FILE_INVALID'));
const ratioAt = header.indexOf('Profit ratio (%)');
const edited = rows.map((r) => r.map((cell, i) => (i === ratioAt ? '25' : cell)));
const csvFile = Buffer.from(toCsv(header, edited));
// The XLSX written as the server writes its sheets (exceljs' streaming writer), ratios as numbers.
const writer = sheetWriter('xlsx', 'Products');
const written = buffer(writer.stream);
await writer.add(header);
for (const r of edited) await writer.add(r.map((cell, i) => (i === ratioAt ? 25 : cell)));
await writer.end();
const xlsxFile = await written;
console.log(`files: CSV ${mb(csvFile.length)} MB, XLSX ${mb(xlsxFile.length)} MB, ${edited.length} rows`);

const results: string[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const [format, file] of [['xlsx', xlsxFile], ['csv', csvFile]] as const) {
    const dry = await timed(() => upload('/api/product/sheet/check', file));
    const dryAnswer = JSON.parse(dry.value.body.toString('utf8'));
    if (dry.value.status !== 200 || dryAnswer.data.changed !== edited.length) throw new Error(`dry run: ${dry.value.status} ${dry.value.body.toString('utf8').slice(0, 300)}`);
    const applied = await timed(() => upload('/api/product/sheet/import', file));
    if (applied.value.status !== 200 || applied.value.applied !== String(edited.length)) throw new Error(`apply: ${applied.value.status} ${applied.value.body.toString('utf8').slice(0, 300)}`);
    const undo = await timed(async () => (await fetch(`${base}/api/product/sheet/undo`, { method: 'POST', headers })).status);
    results.push(
      `round ${round} ${format.padEnd(4)}  dry run ${(dry.ms / 1000).toFixed(2)} s (peak RSS ${dry.peakMb} MB)  apply ${(applied.ms / 1000).toFixed(2)} s (peak RSS ${applied.peakMb} MB, result file ${applied.value.body.length} bytes)  undo ${(undo.ms / 1000).toFixed(2)} s`,
    );
    console.log(results[results.length - 1]);
  }
}
await server.stop('stop');
