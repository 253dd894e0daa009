import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A screen on both devices keeps its logic in one hook; `desktop/` and `mobile/` files only render.
 * The mall and the seller app share their client, hooks and helpers through lib/ and components/.
 * This finds any block of BLOCK_LINES or more lines that a `desktop/` file and a `mobile/` file, or
 * a mall file and a seller file, both hold, so a copy fails the unit tests instead of drifting apart later.
 */

const SRC = import.meta.dirname;
const BLOCK_LINES = 6;

/** The source files (no tests) below `dir`; with `kind`, only those inside a folder of that name. */
function filesUnder(dir: string, kind: 'desktop' | 'mobile' | null, inside = kind === null): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full, kind, inside || entry.name === kind));
    else if (inside && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

/** The seller app's folders a mall file must not repeat. */
const SELLER_DIRS = ['features', 'components', 'app', 'lib'];

/**
 * The lines that say something, trimmed: no blank lines, comments, imports, or lines of brackets,
 * closing tags and punctuation alone (every JSX file ends in the same few of those).
 */
export function meaningfulLines(source: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let inImport = false;
  source.split('\n').forEach((raw, index) => {
    const text = raw.trim();
    if (inImport) {
      inImport = !/from\s+['"][^'"]+['"];?$/.test(text);
      return;
    }
    if (/^import\s/.test(text)) {
      inImport = !/from\s+['"][^'"]+['"];?$|^import\s+['"]/.test(text);
      return;
    }
    if (!text || text.startsWith('//') || text.startsWith('/*') || text.startsWith('*')) return;
    if (/^(<\/[\w.]+>|[\s{}()[\];,:/>]|\)\}|\}\)|\);?|\/>)*$/.test(text)) return;
    lines.push({ text, line: index + 1 });
  });
  return lines;
}

interface Repeat {
  first: string;
  second: string;
  firstLine: number;
  secondLine: number;
  block: string;
}

/** Every block of `size` meaningful lines that a file of `firsts` and a file of `seconds` both hold. */
export function repeatedBlocks(firsts: { name: string; source: string }[], seconds: { name: string; source: string }[], size = BLOCK_LINES): Repeat[] {
  const windows = new Map<string, { name: string; line: number }>();
  for (const file of seconds) {
    const lines = meaningfulLines(file.source);
    for (let i = 0; i + size <= lines.length; i++) windows.set(`${file.name}\u0000${lines.slice(i, i + size).map((l) => l.text).join('\n')}`, { name: file.name, line: lines[i].line });
  }
  const byBlock = new Map<string, { name: string; line: number }[]>();
  for (const [key, where] of windows) {
    const block = key.slice(key.indexOf('\u0000') + 1);
    byBlock.set(block, [...(byBlock.get(block) ?? []), where]);
  }
  const repeats: Repeat[] = [];
  for (const file of firsts) {
    const lines = meaningfulLines(file.source);
    for (let i = 0; i + size <= lines.length; i++) {
      const block = lines.slice(i, i + size).map((l) => l.text).join('\n');
      for (const other of byBlock.get(block) ?? []) repeats.push({ first: file.name, second: other.name, firstLine: lines[i].line, secondLine: other.line, block });
    }
  }
  return repeats;
}

const read = (files: string[]) => files.map((file) => ({ name: path.relative(SRC, file), source: fs.readFileSync(file, 'utf8') }));

/** One line per repeat: where it starts in each file, so the copy is easy to find. */
const described = (repeats: Repeat[]) => repeats.map((r) => `${r.first}:${r.firstLine} = ${r.second}:${r.secondLine}\n${r.block}`);

describe('desktop and mobile files repeat no block', () => {
  it(`finds a block of ${BLOCK_LINES} lines copied between a desktop and a mobile file (and not a shorter one, or closing brackets)`, () => {
    const body = ['const a = useThing();', 'const b = a.filter(Boolean);', 'if (!b.length) return null;', 'const c = b.map(String);', 'send(c);', 'return c.join();'];
    const desktop = { name: 'x/desktop/a.tsx', source: ['import { x } from "y";', ...body, '}', '</div>', ');'].join('\n') };
    expect(repeatedBlocks([desktop], [{ name: 'x/mobile/a.tsx', source: ['// other', ...body].join('\n') }])).toHaveLength(1);
    expect(repeatedBlocks([desktop], [{ name: 'x/mobile/a.tsx', source: body.slice(1).join('\n') }])).toHaveLength(0);
    const closers = ['</List>', '</div>', ')}', '</div>', ');', '}', '</Form>', '</div>'].join('\n');
    expect(repeatedBlocks([{ name: 'd', source: closers }], [{ name: 'm', source: closers }])).toHaveLength(0);
  });

  it('holds for every desktop/ and mobile/ file of the app', () => {
    expect(described(repeatedBlocks(read(filesUnder(SRC, 'desktop')), read(filesUnder(SRC, 'mobile'))))).toEqual([]);
  });
});

describe('mall and seller files repeat no block', () => {
  it('reads the mall and the seller folders it compares', () => {
    const mall = filesUnder(path.join(SRC, 'mall'), null).map((file) => path.relative(SRC, file));
    expect(mall).toContain(path.join('mall', 'mall-root.tsx'));
    expect(mall.every((file) => !file.endsWith('.test.ts'))).toBe(true);
    const seller = SELLER_DIRS.flatMap((dir) => filesUnder(path.join(SRC, dir), null)).map((file) => path.relative(SRC, file));
    expect(seller).toEqual(expect.arrayContaining([path.join('lib', 'http.ts'), path.join('lib', 'money-action.ts')]));
  });

  it('holds for every mall file against every file of features/, components/, app/ and lib/', () => {
    const seller = SELLER_DIRS.flatMap((dir) => filesUnder(path.join(SRC, dir), null));
    expect(described(repeatedBlocks(read(filesUnder(path.join(SRC, 'mall'), null)), read(seller)))).toEqual([]);
  });
});
