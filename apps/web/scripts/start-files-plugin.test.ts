import { describe, expect, it } from 'vitest';
import { startFileLists, type BundleFileLike } from './start-files-plugin.ts';

const ROOT = '/repo';
const MODULES = { desktopShell: 'src/shell.tsx', mobileRoot: 'src/root.tsx' };

/** A bundle: the entry, two start modules with shared and own chunks of various sizes, their style sheets, the kit sheets. */
function bundle(): Record<string, BundleFileLike> {
  const chunk = (fileName: string, bytes: number, imports: string[], extra: { isEntry?: boolean; facade?: string; css?: string[] } = {}): BundleFileLike => ({
    type: 'chunk',
    fileName,
    isEntry: extra.isEntry ?? false,
    facadeModuleId: extra.facade ? `${ROOT}/${extra.facade}` : null,
    imports,
    code: 'x'.repeat(bytes),
    viteMetadata: { importedCss: new Set(extra.css ?? []) },
  });
  const asset = (fileName: string, bytes: number): BundleFileLike => ({ type: 'asset', fileName, source: 'y'.repeat(bytes) });
  const files = [
    chunk('assets/index.js', 900, ['assets/react.js'], { isEntry: true, css: ['assets/index.css'] }),
    chunk('assets/react.js', 5000, []),
    chunk('assets/shell.js', 300, ['assets/small.js', 'assets/large.js', 'assets/react.js'], { facade: MODULES.desktopShell, css: ['assets/shell.css'] }),
    chunk('assets/small.js', 200, []),
    chunk('assets/large.js', 4000, [], { css: ['assets/index.css'] }),
    chunk('assets/root.js', 100, ['assets/page.js', 'assets/small.js'], { facade: MODULES.mobileRoot }),
    chunk('assets/page.js', 2500, [], { css: ['assets/page.css'] }),
    asset('assets/index.css', 700),
    asset('assets/shell.css', 250),
    asset('assets/page.css', 3000),
    asset('assets/kit-antd-10.css', 9000),
    asset('assets/kit-antd-2.css', 10),
    asset('assets/kit-antd-1.css', 20),
  ];
  return Object.fromEntries(files.map((f) => [f.fileName, f]));
}

describe('startFileLists', () => {
  it("lists each start module's files beyond the entry's, largest first", () => {
    const lists = startFileLists(bundle(), { root: ROOT, modules: MODULES });
    // The entry's own style sheet (index.css, imported by large.js too) is not listed again.
    expect(lists.mobileRoot).toEqual(['/assets/page.css', '/assets/page.js', '/assets/small.js', '/assets/root.js']);
    // The kit sheets come last, in their numbered (cascade) order, whatever their sizes.
    expect(lists.desktopShell).toEqual(['/assets/large.js', '/assets/shell.js', '/assets/shell.css', '/assets/small.js', '/assets/kit-antd-1.css', '/assets/kit-antd-2.css', '/assets/kit-antd-10.css']);
  });

  it('fails when a start module is not a chunk of its own', () => {
    expect(() => startFileLists(bundle(), { root: ROOT, modules: { ...MODULES, mallRoot: 'src/mall.tsx' } })).toThrow(/src\/mall\.tsx/);
  });
});
