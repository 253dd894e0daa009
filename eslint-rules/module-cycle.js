import fs from 'node:fs';
import path from 'node:path';

/**
 * `shopdesk/no-module-cycle`: a server module (the first folder under apps/server/src/modules) may
 * not import a module that imports it back. Modules are the boundaries a reader learns first; when two
 * of them lean on each other neither can be understood, tested or moved alone. `import-x/no-cycle`
 * catches cycles between files; this rule catches the looser loop between folders, where module A's
 * file x imports B's file y while B's file z imports A's file w.
 *
 * Which modules a module imports is read from its files on disk (relative imports and re-exports,
 * `import type` included: a type is a dependency too), cached by each file's modification time.
 */
const MODULES_MARK = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}modules${path.sep}`;
const IMPORT_SOURCE = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const SOURCE_FILE = /\.(?:ts|tsx|js|mjs)$/;

/** The module a path belongs to, and the modules folder it sits in; null outside apps/server/src/modules. */
export function moduleOf(file) {
  const at = file.indexOf(MODULES_MARK);
  if (at < 0) return null;
  const root = file.slice(0, at + MODULES_MARK.length - 1);
  const [name] = file.slice(at + MODULES_MARK.length).split(path.sep);
  return name ? { root, name } : null;
}

const fileImports = new Map();

/** The modules one file imports (relative specifiers only: packages are not modules). */
function modulesImportedBy(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const cached = fileImports.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.modules;
  const text = fs.readFileSync(file, 'utf8');
  const modules = new Set();
  for (const [, specifier] of text.matchAll(IMPORT_SOURCE)) {
    const target = moduleOf(path.resolve(path.dirname(file), specifier));
    if (target) modules.add(target.name);
  }
  fileImports.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, modules: [...modules] });
  return [...modules];
}

/** The files of a module that import `name`, relative to the modules folder (at most three, for the message). */
function filesImporting(root, module, name) {
  const found = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE_FILE.test(entry.name) && modulesImportedBy(full).includes(name)) found.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  walk(path.join(root, module));
  return found.sort().slice(0, 3);
}

export const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'A server module does not import a module that imports it back.' },
    // `allow`: pairs of modules whose loop is known and not yet broken (each one listed is debt).
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 } } }, additionalProperties: false }],
    messages: {
      cycle:
        "Module '{{from}}' imports '{{to}}', which imports '{{from}}' back ({{files}}): move the shared piece into the module that owns it or below both (lib/, a lower module), so the imports go one way.",
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    const self = moduleOf(path.resolve(filename));
    if (!self) return {};
    const allowed = new Set((context.options[0]?.allow ?? []).flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));
    const reported = new Set();
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = moduleOf(path.resolve(path.dirname(filename), specifier));
      if (!target || target.name === self.name || target.root !== self.root || reported.has(target.name) || allowed.has(`${self.name}|${target.name}`)) return;
      const back = filesImporting(self.root, target.name, self.name);
      if (back.length === 0) return;
      reported.add(target.name);
      context.report({ node: node.source, messageId: 'cycle', data: { from: self.name, to: target.name, files: back.join(', ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
