import path from 'node:path';

/** What rolldown's chunking context answers about a module (the part used here). */
interface ModuleInfoLike {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  dynamicImporters: readonly string[];
}
export interface ChunkingContextLike {
  getModuleInfo(id: string): ModuleInfoLike | null;
}

export interface StartChunkOptions {
  /** The repository root the paths below are relative to. */
  root: string;
  /** The entry module (index.html's script). */
  entry: string;
  /** Each first page's name and the lazy modules it loads before it shows (its shell and page). */
  starts: Record<string, readonly string[]>;
  /** Each app's name and the lazy modules everything it can ever load hangs from. */
  apps: Record<string, readonly string[]>;
  /**
   * The apps whose modules are grouped; a module only other apps reach stays where the bundler puts
   * it. The desktop's are left alone: grouped, antd's modules made the desktop login load the
   * dashboard's components (antd's index runs code of its own, so the chunk holding it imports
   * every chunk with a module it names that some page uses), and the bundler's own split of them
   * costs the desktop pages a few files only.
   */
  groupedApps: readonly string[];
}

/** Names asked of a module: a set of export names, or all of them. */
type Wanted = Set<string> | 'all';

/** What importing `names` of a module asks of it ('*', a namespace, asks for all). */
function asked(names: Iterable<string>): Wanted {
  const set = new Set(names);
  return set.has('*') ? 'all' : set;
}

/** One static `import … from`, `export … from` or bare `import '…'` of a module's code. */
interface Statement {
  specifier: string;
  /** import: local name → imported name ('*' for a namespace); export: exported name → imported name. */
  bindings: Map<string, string>;
  kind: 'import' | 'export' | 'bare';
  /** `export * from`. */
  star: boolean;
}

/** Parsed static imports of a module, each with the module the build resolved it to. */
interface Parsed {
  statements: Statement[];
  ids: (string | undefined)[];
  /** `export { local as exported }` lists: exported name → local name. */
  localExports: Map<string, string>;
  /** Re-exports only, or so many that it is a package's index (antd's adds a little code of its own). */
  barrel: boolean;
  ownCode: boolean;
}
const MANY_REEXPORTS = 10;
const CLAUSE = String.raw`[\w$\s{},*]*?`;
const STATEMENT = new RegExp(String.raw`(?:^|[;\n}])\s*(import|export)\s+(${CLAUSE})\s*from\s*["']([^"']+)["']|(?:^|[;\n}])\s*import\s*["']([^"']+)["']`, 'g');
const LOCAL_EXPORTS = /(?:^|[;\n}])\s*export\s*\{([\w$\s,]*)\}\s*;?/g;
const NOISE = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|["']use (?:client|strict)["'];?|\s|;/g;

function parseClause(kind: 'import' | 'export', clause: string): { bindings: Map<string, string>; star: boolean } {
  const bindings = new Map<string, string>();
  let star = false;
  let rest = clause.trim().replace(/^type\s+/, '');
  const braces = /\{([^}]*)\}/.exec(rest);
  if (braces) {
    for (const part of braces[1].split(',')) {
      const [name, alias] = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/);
      if (name) bindings.set((alias ?? name).trim(), name.trim());
    }
    rest = rest.replace(braces[0], '');
  }
  const namespace = /\*\s*as\s+([\w$]+)/.exec(rest);
  if (namespace) {
    bindings.set(namespace[1], '*');
    rest = rest.replace(namespace[0], '');
  } else if (/\*/.test(rest)) {
    star = true;
    rest = rest.replace('*', '');
  }
  const defaultName = /^[\s,]*([\w$]+)/.exec(rest);
  if (kind === 'import' && defaultName) bindings.set(defaultName[1], 'default');
  return { bindings, star };
}

/**
 * The module graph as the build will ship it, near enough: a re-exporting index (antd-mobile's, the
 * icons', ahooks') passes on only the names its importer asks for, as tree shaking will, instead of
 * every module it lists. Any other module is taken whole, with everything it imports.
 */
class ShippedGraph {
  private readonly parsed = new Map<string, Parsed | null>();
  constructor(private readonly ctx: ChunkingContextLike) {}

  private parse(id: string) {
    if (this.parsed.has(id)) return this.parsed.get(id)!;
    const info = this.ctx.getModuleInfo(id);
    let result: Parsed | null = null;
    if (info?.code && /\.[cm]?[jt]sx?$/.test(id)) {
      const statements: Statement[] = [];
      for (const match of info.code.matchAll(STATEMENT)) {
        if (match[4]) statements.push({ specifier: match[4], bindings: new Map(), kind: 'bare', star: false });
        else statements.push({ specifier: match[3], kind: match[1] as 'import' | 'export', ...parseClause(match[1] as 'import' | 'export', match[2]) });
      }
      // The build lists a module's static imports once each, in the order the code names them.
      const specifiers = [...new Set(statements.map((s) => s.specifier))];
      const imported = info.importedIds.filter((i) => !i.startsWith('\0'));
      const aligned = specifiers.length === imported.length && specifiers.every((s, i) => matches(s, imported[i]));
      if (aligned) {
        const idOf = new Map(specifiers.map((s, i) => [s, imported[i]]));
        const ownCode = info.code.replace(STATEMENT, '').replace(LOCAL_EXPORTS, '').replace(NOISE, '') !== '';
        const reexports = statements.filter((s) => s.kind === 'export').length;
        const localExports = new Map<string, string>();
        for (const match of info.code.matchAll(LOCAL_EXPORTS)) {
          for (const part of match[1].split(',')) {
            const [local, alias] = part.trim().split(/\s+as\s+/);
            if (local) localExports.set((alias ?? local).trim(), local);
          }
        }
        const exportsSomething = reexports > 0 || localExports.size > 0;
        const barrel = (exportsSomething && !ownCode) || reexports >= MANY_REEXPORTS;
        result = { statements, ids: statements.map((s) => idOf.get(s.specifier)), localExports, barrel, ownCode };
      }
    }
    this.parsed.set(id, result);
    return result;
  }

  /** Each module `starts` reach (lazily imported ones too when asked), themselves included. */
  closure(starts: readonly string[], followLazy: boolean): Set<string> {
    const wanted = new Map<string, Wanted>();
    const queue: [string, Wanted][] = starts.map((id) => [id, 'all']);
    while (queue.length) {
      const [id, names] = queue.pop()!;
      const before = wanted.get(id);
      if (before === 'all') continue;
      const added = names === 'all' ? 'all' : [...names].filter((n) => !before?.has(n));
      if (before && added !== 'all' && added.length === 0) continue;
      const now: Wanted = added === 'all' ? 'all' : new Set([...(before ?? []), ...added]);
      wanted.set(id, now);
      const info = this.ctx.getModuleInfo(id);
      if (!info) continue;
      if (followLazy) info.dynamicallyImportedIds.forEach((d) => queue.push([d, 'all']));
      const parsed = this.parse(id);
      if (!parsed) {
        if (!before) info.importedIds.forEach((d) => queue.push([d, 'all']));
        continue;
      }
      if (!parsed.barrel) {
        if (before) continue;
        parsed.statements.forEach((s, i) => {
          const target = parsed.ids[i];
          if (!target) return;
          queue.push([target, s.star ? 'all' : asked(s.bindings.values())]);
        });
        continue;
      }
      // A re-exporting index: pass each asked name on to the module that holds it.
      const fresh = added === 'all' ? 'all' : new Set(added);
      const localImports = new Map<string, [string, string]>();
      parsed.statements.forEach((s, i) => {
        const target = parsed.ids[i];
        if (!target) return;
        if (s.kind === 'bare') return !before && queue.push([target, new Set()]);
        if (s.kind !== 'import') return;
        // An index with code of its own (antd's) keeps what that code imports.
        if (parsed.ownCode && !before) queue.push([target, asked(s.bindings.values())]);
        s.bindings.forEach((imported, local) => localImports.set(local, [target, imported]));
      });
      parsed.statements.forEach((s, i) => {
        const target = parsed.ids[i];
        if (!target || s.kind !== 'export') return;
        if (s.star) return queue.push([target, fresh]);
        s.bindings.forEach((imported, exported) => {
          if (fresh === 'all' || fresh.has(exported)) queue.push([target, asked([imported])]);
        });
      });
      for (const [exported, local] of parsed.localExports) {
        const source = localImports.get(local);
        if (source && (fresh === 'all' || fresh.has(exported))) queue.push([source[0], asked([source[1]])]);
      }
    }
    return new Set(wanted.keys());
  }
}

/** Whether the build's resolved `id` can be what `specifier` names. */
function matches(specifier: string, id: string): boolean {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return true;
  const bare = specifier.replace(/^(@[^/]+\/[^/]+|[^/]+).*$/, '$1');
  return id.includes(`/node_modules/${bare}/`) || id.includes(`/packages/`) || !id.includes('/node_modules/');
}

/**
 * A `codeSplitting` group name function that gives each first page few files. Left to
 * itself the bundler splits the modules a first page needs by every combination of lazy pages that
 * share them (it does not see that a page the phone's root imports lazily finds the root's modules
 * already loaded): a signed-in phone's home loaded 36 script files, a dozen under 1 KB, and on an
 * HTTP/1.1 connection (six at a time) each file costs a round trip. Here a module a first page loads
 * before it shows joins one chunk per set of first pages that load it and apps that can reach it, so
 * a page loads the same code in a few files. A page loads nothing it did not load before, near enough:
 * every module of such a chunk is loaded by every first page of its set, and an app's later pages all
 * run under the root that loaded it. The entry's modules stay in the entry and each start module
 * stays the head of its own chunk (scripts/start-files-plugin.ts lists them by name).
 */
export function startChunkName(options: StartChunkOptions): (id: string, ctx: ChunkingContextLike) => string | null {
  const abs = (file: string) => path.resolve(options.root, file);
  let known: { graph: ShippedGraph; roots: Set<string>; entry: Set<string>; starts: [string, Set<string>][]; apps: [string, Set<string>][] } | null = null;
  return (id, ctx) => {
    if (!known) {
      const graph = new ShippedGraph(ctx);
      known = {
        graph,
        roots: new Set([...Object.values(options.starts), ...Object.values(options.apps)].flat().map(abs)),
        entry: graph.closure([abs(options.entry)], false),
        starts: Object.entries(options.starts).map(([name, modules]) => [name, graph.closure(modules.map(abs), false)]),
        apps: Object.entries(options.apps).map(([name, modules]) => [name, graph.closure(modules.map(abs), true)]),
      };
    }
    if (known.entry.has(id)) return null;
    const info = ctx.getModuleInfo(id);
    // The start modules stay the heads of their chunks (scripts/start-files-plugin.ts names them).
    // Another lazily imported module the start loads anyway joins it: left apart, its chunk and the
    // group's would import each other (antd-mobile's Toast, which the shell also imports lazily).
    if (!info || known.roots.has(id)) return null;
    const starts = known.starts.filter(([, modules]) => modules.has(id)).map(([name]) => name);
    if (starts.length === 0) return null;
    const apps = known.apps.filter(([, modules]) => modules.has(id)).map(([name]) => name);
    if (!apps.some((app) => options.groupedApps.includes(app))) return null;
    return `start-${starts.join('-')}.${apps.join('-')}`;
  };
}
