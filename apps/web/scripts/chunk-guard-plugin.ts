/**
 * A check, not a speed-up: the build fails when a phone page could load the desktop kit, a chunk
 * outgrows its limit or a first page outgrows its size budget (scripts/size-budget.ts). It changes
 * no file of the build, so bench:web:ab has nothing to measure; what it gains is that a change which
 * slows the first pages fails before it lands.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What the build writes about each JavaScript chunk, for the bundle checks and the browser tests. */
export interface ChunkReportEntry {
  file: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facade: string | null;
  imports: string[];
  dynamicImports: string[];
  bytes: number;
  /** Bytes gzipped (level 9), what the size budgets count. */
  gzipBytes: number;
  modules: string[];
}

/** JavaScript a page may need at most: the entry's static graph plus the static graphs of its roots. */
export interface SizeBudget {
  name: string;
  /** Modules (relative to root) whose chunks the page loads, e.g. its shell and the page itself. */
  roots: string[];
  maxGzipBytes: number;
  /**
   * Files (requests) the page may need at most before it shows. Each costs a phone a round of the
   * network and the main thread a preload link (~1 ms each on a slow phone), beyond its bytes.
   */
  maxFiles?: number;
  /**
   * Modules (relative to root) the budget's files must hold: the page a start lands on, bundled with
   * its root so it loads in the same round of requests instead of after it.
   */
  required?: string[];
  /** Modules (relative to root) none of the page's files may hold, e.g. a library it must load later. */
  forbidden?: RegExp[];
}

/**
 * An app no other app's page may load (the operator console): its root is a chunk of its own, and
 * no file the entry can load, now or later, without going through that root holds one of its modules.
 */
export interface ApartApp {
  name: string;
  /** The app's root module (relative to root), which only the router imports, lazily. */
  root: string;
  /** Its code (relative to root). */
  modules: RegExp[];
  /**
   * Its catalogs: the entry can load any catalog lazily (i18next asks by namespace), so these are
   * checked to sit in chunks of their own, never in a chunk of the other apps' catalogs.
   */
  catalogs?: RegExp[];
}

export interface ChunkGuardOptions {
  /** Repository root: module paths in the report are relative to it. */
  root: string;
  /** Modules (relative to root) whose chunks make up the phone's tree. */
  mobileRoots: string[];
  /** Module paths the phone must never download. */
  forbiddenOnMobile: RegExp[];
  maxChunkBytes: number;
  budgets?: SizeBudget[];
  apart?: ApartApp[];
}

export const CHUNK_REPORT_FILE = '.vite/chunk-report.json';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  code: string;
  moduleIds: string[];
}

/** A module id of the bundle as a path relative to the repository root (no query, no virtual prefix). */
function relativeModule(root: string, id: string): string {
  return path.relative(root, id.replace(/\?.*$/, '').replace(/^\0/, '')).split(path.sep).join('/');
}

function toEntry(chunk: ChunkLike, root: string): ChunkReportEntry {
  const rel = (id: string) => relativeModule(root, id);
  return {
    file: chunk.fileName,
    isEntry: chunk.isEntry,
    isDynamicEntry: chunk.isDynamicEntry,
    facade: chunk.facadeModuleId ? rel(chunk.facadeModuleId) : null,
    imports: chunk.imports,
    dynamicImports: chunk.dynamicImports,
    bytes: Buffer.byteLength(chunk.code),
    gzipBytes: gzipSync(chunk.code, { level: 9 }).length,
    modules: chunk.moduleIds.map(rel),
  };
}

/** Files a phone can load: the entry's static graph plus everything the mobile roots load. */
export function mobileReachable(report: ChunkReportEntry[], mobileRoots: string[]): Set<string> {
  const byFile = new Map(report.map((c) => [c.file, c]));
  const seen = new Set<string>();
  const visit = (file: string, followDynamic: boolean) => {
    const chunk = byFile.get(file);
    if (!chunk || seen.has(file)) return;
    seen.add(file);
    chunk.imports.forEach((f) => visit(f, followDynamic));
    if (followDynamic) chunk.dynamicImports.forEach((f) => visit(f, true));
  };
  report.filter((c) => c.isEntry).forEach((c) => visit(c.file, false));
  report.filter((c) => c.facade && mobileRoots.includes(c.facade)).forEach((c) => visit(c.file, true));
  return seen;
}

/**
 * The files `starts` import statically, themselves included; `importsOf` answers a file's static
 * imports, or undefined for a file that is not a chunk of the build.
 */
export function staticClosure(importsOf: (file: string) => string[] | undefined, starts: string[], into = new Set<string>()): Set<string> {
  const visit = (file: string) => {
    const imports = importsOf(file);
    if (!imports || into.has(file)) return;
    into.add(file);
    imports.forEach(visit);
  };
  starts.forEach(visit);
  return into;
}

/**
 * The chunks that import each other, statically, as cycles (`a → b → a`). The build's own split never
 * makes one; a code-splitting group can (scripts/start-chunks.ts), and a chunk then runs before one
 * it needs: antd-mobile's render helper called a function its group's chunk had not defined yet.
 */
export function importCycles(report: ChunkReportEntry[]): string[][] {
  const importsOf = new Map(report.map((c) => [c.file, c.imports]));
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[][] = [];
  const visit = (file: string, path: string[]) => {
    state.set(file, 'open');
    for (const next of importsOf.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...(next === file ? [] : path.slice(path.indexOf(next))), file, next]);
      else if (!state.has(next)) visit(next, [...path, file]);
    }
    state.set(file, 'done');
  };
  for (const chunk of report) if (!state.has(chunk.file)) visit(chunk.file, []);
  return cycles;
}

/** Why `app` is not apart in this build: its root is no chunk of its own, or a file other pages load holds its modules. */
export function apartProblems(report: ChunkReportEntry[], app: ApartApp): string[] {
  const rootChunk = report.find((c) => c.facade === app.root);
  if (!rootChunk) return [`${app.name}: ${app.root} is not a separate chunk`];
  const byFile = new Map(report.map((c) => [c.file, c]));
  // Every file the entry loads, statically or lazily, except through the app's root: the other apps' pages.
  const others = new Set<string>();
  const visit = (file: string) => {
    const chunk = byFile.get(file);
    if (!chunk || others.has(file) || file === rootChunk.file) return;
    others.add(file);
    [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
  };
  report.filter((c) => c.isEntry).forEach((c) => visit(c.file));
  const problems: string[] = [];
  const isCatalog = (m: string) => (app.catalogs ?? []).some((re) => re.test(m));
  for (const file of others) {
    const modules = byFile.get(file)?.modules ?? [];
    const held = modules.find((m) => app.modules.some((re) => re.test(m)));
    if (held) problems.push(`${app.name}: ${file} is loaded by other pages but holds ${held}`);
    const catalog = modules.find(isCatalog);
    const beside = modules.find((m) => !isCatalog(m));
    if (catalog && beside) problems.push(`${app.name}: ${file} holds its catalog ${catalog} beside ${beside}`);
  }
  return problems;
}

/** Files a page loads before it shows: the entry's and the roots' static imports (no lazy ones). */
export function budgetFiles(report: ChunkReportEntry[], roots: string[]): Set<string> {
  const byFile = new Map(report.map((c) => [c.file, c]));
  const starts = report.filter((c) => c.isEntry || (c.facade && roots.includes(c.facade))).map((c) => c.file);
  return staticClosure((file) => byFile.get(file)?.imports, starts);
}

/** The gzipped JavaScript bytes of a budget's files. */
export function budgetBytes(report: ChunkReportEntry[], budget: SizeBudget): number {
  const files = budgetFiles(report, budget.roots);
  return report.filter((c) => files.has(c.file)).reduce((sum, c) => sum + c.gzipBytes, 0);
}

/**
 * Writes dist/.vite/chunk-report.json and fails the build when a chunk the phone can load holds the
 * desktop kit, when a mobile root is not its own chunk, or when a chunk exceeds the size limit.
 */
export function chunkGuard(options: ChunkGuardOptions): Plugin {
  return {
    name: 'shopdesk-chunk-guard',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as ChunkLike[];
      const report = chunks.map((c) => toEntry(c, options.root));
      const problems: string[] = [];
      for (const rootModule of options.mobileRoots) {
        if (!report.some((c) => c.facade === rootModule)) problems.push(`${rootModule} is not a separate chunk`);
      }
      for (const file of mobileReachable(report, options.mobileRoots)) {
        const chunk = report.find((c) => c.file === file);
        const bad = chunk?.modules.find((m) => options.forbiddenOnMobile.some((re) => re.test(m)));
        if (bad) problems.push(`${file} is loaded on phones but holds ${bad}`);
      }
      for (const chunk of report) {
        if (chunk.bytes > options.maxChunkBytes) problems.push(`${chunk.file} is ${chunk.bytes} bytes`);
      }
      for (const app of options.apart ?? []) {
        const found = apartProblems(report, app);
        problems.push(...found);
        if (!found.length) this.info(`${app.name}: no other app's page loads its code`);
      }
      for (const cycle of importCycles(report)) problems.push(`chunks import each other: ${cycle.join(' → ')}`);
      for (const budget of options.budgets ?? []) {
        const bytes = budgetBytes(report, budget);
        const files = budgetFiles(report, budget.roots);
        const limits = [`${(budget.maxGzipBytes / 1024).toFixed(0)} KB`, budget.maxFiles === undefined ? '' : `${budget.maxFiles} files`].filter(Boolean).join(', ');
        const line = `${budget.name}: ${(bytes / 1024).toFixed(1)} KB of gzipped JavaScript in ${files.size} files (budget ${limits})`;
        if (budget.maxFiles !== undefined && files.size > budget.maxFiles) problems.push(`${line}: more files than the budget allows`);
        if (bytes > budget.maxGzipBytes) {
          const biggest = report.filter((c) => files.has(c.file)).sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 12);
          problems.push(`${line} is over budget; the biggest:\n${biggest.map((c) => `  ${(c.gzipBytes / 1024).toFixed(1)} KB ${c.file} (${c.modules.filter((m) => m.includes('node_modules')).map((m) => m.replace(/.*node_modules\/((?:@[^/]+\/)?[^/]+).*/, '$1')).filter((m, i, all) => all.indexOf(m) === i).slice(0, 6).join(', ')})`).join('\n')}`);
        }
        else this.info(line);
        const held = new Set(report.filter((c) => files.has(c.file)).flatMap((c) => c.modules));
        for (const module of budget.required ?? []) {
          if (!held.has(module)) problems.push(`${budget.name}: ${module} is not loaded with its roots (a second round of requests)`);
        }
        for (const chunk of report.filter((c) => files.has(c.file))) {
          const bad = chunk.modules.find((m) => budget.forbidden?.some((re) => re.test(m)));
          if (bad) problems.push(`${budget.name}: ${chunk.file} is loaded before the page shows but holds ${bad}`);
        }
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_REPORT_FILE, source: JSON.stringify(report, null, 2) });
      if (problems.length) this.error(`Bundle check failed:\n${problems.join('\n')}`);
    },
  };
}
