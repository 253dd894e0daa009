import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints-plugin.ts';

const ROOT = '/repo';
const MODULES = { shell: 'src/shell.tsx', login: 'src/login.tsx' };

/** A bundle as the build hands it to generateBundle: the entry, two start modules, what they import, a lazy page. */
function bundle() {
  const chunk = (fileName: string, imports: string[], extra: { isEntry?: boolean; facade?: string; map?: boolean } = {}) => ({
    type: 'chunk' as const,
    fileName,
    isEntry: extra.isEntry ?? false,
    facadeModuleId: extra.facade ? `${ROOT}/${extra.facade}` : null,
    imports,
    code: `export const name = ${JSON.stringify(fileName)};\n`,
    map: extra.map ? { mappings: 'AAAA;AACA' } : null,
  });
  const chunks = [
    chunk('assets/index.js', ['assets/react.js'], { isEntry: true, map: true }),
    chunk('assets/react.js', []),
    chunk('assets/shell.js', ['assets/kit.js', 'assets/react.js'], { facade: MODULES.shell }),
    chunk('assets/kit.js', []),
    chunk('assets/login.js', ['assets/form.js'], { facade: MODULES.login }),
    chunk('assets/form.js', ['assets/kit.js']),
    chunk('assets/page.js', ['assets/chart.js'], { facade: 'src/page.tsx' }),
    chunk('assets/chart.js', []),
  ];
  const css = { type: 'asset' as const, fileName: 'assets/index.css', source: 'a{}' };
  return Object.fromEntries<(typeof chunks)[number] | typeof css>([...chunks.map((c) => [c.fileName, c] as const), [css.fileName, css]]);
}

function run(output: ReturnType<typeof bundle>, modules: Record<string, string> = MODULES) {
  const hook = compileHints({ root: ROOT, modules }).generateBundle as { handler: (options: unknown, bundle: unknown) => void };
  hook.handler({}, output);
  return output;
}

const hinted = (output: ReturnType<typeof bundle>) =>
  Object.values(output)
    .filter((c) => 'code' in c && c.code.startsWith(`${COMPILE_HINT}\n`))
    .map((c) => c.fileName)
    .sort();

describe('compileHints', () => {
  it("marks the entry's closure and each start module's scripts, and nothing loaded later", () => {
    expect(hinted(run(bundle()))).toEqual(['assets/form.js', 'assets/index.js', 'assets/kit.js', 'assets/login.js', 'assets/react.js', 'assets/shell.js']);
  });

  it("keeps the code as it was after the hint's line, and moves the source map's lines down by one", () => {
    const output = run(bundle());
    const entry = output['assets/index.js'] as { code: string; map: { mappings: string } };
    expect(entry.code).toBe(`${COMPILE_HINT}\nexport const name = "assets/index.js";\n`);
    expect(entry.map.mappings).toBe(';AAAA;AACA');
  });

  it('marks a file once when the hook runs again', () => {
    const output = run(run(bundle()));
    const entry = output['assets/index.js'] as { code: string; map: { mappings: string } };
    expect(entry.code.split(COMPILE_HINT)).toHaveLength(2);
    expect(entry.map.mappings).toBe(';AAAA;AACA');
  });

  it('fails the build when a start module is not a chunk of its own', () => {
    expect(() => run(bundle(), { ...MODULES, root: 'src/root.tsx' })).toThrow('Start modules without a chunk of their own: src/root.tsx');
  });
});
