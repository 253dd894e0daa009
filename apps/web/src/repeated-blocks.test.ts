import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A screen on both devices keeps its logic in one hook; `desktop/` and `mobile/` files only render.
 * This finds any block of BLOCK_LINES or more lines that a `desktop/` file and a `mobile/` file
 * both hold, so a copy fails the unit tests instead of drifting apart later.
 */

const SRC = import.meta.dirname;
const BLOCK_LINES = 6;

function filesUnder(dir: string, kind: 'desktop' | 'mobile', inside = false): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full, kind, inside || entry.name === kind));
    else if (inside && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

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
  desktop: string;
  mobile: string;
  desktopLine: number;
  mobileLine: number;
  block: string;
}

export function repeatedBlocks(desktop: { name: string; source: string }[], mobile: { name: string; source: string }[], size = BLOCK_LINES): Repeat[] {
  const windows = new Map<string, { name: string; line: number }>();
  for (const file of mobile) {
    const lines = meaningfulLines(file.source);
    for (let i = 0; i + size <= lines.length; i++) windows.set(`${file.name}\u0000${lines.slice(i, i + size).map((l) => l.text).join('\n')}`, { name: file.name, line: lines[i].line });
  }
  const byBlock = new Map<string, { name: string; line: number }[]>();
  for (const [key, where] of windows) {
    const block = key.slice(key.indexOf('\u0000') + 1);
    byBlock.set(block, [...(byBlock.get(block) ?? []), where]);
  }
  const repeats: Repeat[] = [];
  for (const file of desktop) {
    const lines = meaningfulLines(file.source);
    for (let i = 0; i + size <= lines.length; i++) {
      const block = lines.slice(i, i + size).map((l) => l.text).join('\n');
      for (const other of byBlock.get(block) ?? []) repeats.push({ desktop: file.name, mobile: other.name, desktopLine: lines[i].line, mobileLine: other.line, block });
    }
  }
  return repeats;
}

const read = (files: string[]) => files.map((file) => ({ name: path.relative(SRC, file), source: fs.readFileSync(file, 'utf8') }));

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
    const repeats = repeatedBlocks(read(filesUnder(SRC, 'desktop')), read(filesUnder(SRC, 'mobile')));
    // One line per repeat: where it starts in each file, so the copy is easy to find.
    expect(repeats.map((r) => `${r.desktop}:${r.desktopLine} = ${r.mobile}:${r.mobileLine}\n${r.block}`)).toEqual([]);
  });
});
