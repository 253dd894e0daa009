import { describe, expect, it } from 'vitest';
import { startChunkName, type ChunkingContextLike } from './start-chunks.ts';

/** A tiny module graph: each module's code and what the build resolved its imports to. */
function graph(modules: Record<string, { code: string; imports?: string[]; lazy?: string[] }>): ChunkingContextLike {
  const dynamicImporters = (id: string) => Object.entries(modules).filter(([, m]) => m.lazy?.includes(id)).map(([from]) => from);
  return {
    getModuleInfo: (id) =>
      modules[id] ? { code: modules[id].code, importedIds: modules[id].imports ?? [], dynamicallyImportedIds: modules[id].lazy ?? [], dynamicImporters: dynamicImporters(id) } : null,
  };
}

const KIT = '/repo/node_modules/kit/index.js';
const HOOKS = '/repo/node_modules/hooks/index.js';
const ctx = graph({
  '/repo/src/main.tsx': { code: 'import { createRoot } from "react-dom";\nimport("./shell.tsx");', imports: ['/repo/node_modules/react-dom/index.js'], lazy: ['/repo/src/shell.tsx', '/repo/src/login.tsx', '/repo/src/root.tsx', '/repo/src/desk.tsx'] },
  '/repo/node_modules/react-dom/index.js': { code: 'export const createRoot = 1;' },
  '/repo/src/shell.tsx': { code: 'import { Button } from "kit";\nexport const Shell = Button;\nexport const toast = () => import("./toast.ts");', imports: [KIT], lazy: ['/repo/src/toast.ts'] },
  '/repo/src/toast.ts': { code: 'export const show = 1;' },
  '/repo/src/login.tsx': { code: 'import { Input } from "kit";\nimport { a } from "./util-a.ts";\nexport const Login = [Input, a];', imports: [KIT, '/repo/src/util-a.ts'] },
  '/repo/src/root.tsx': {
    code: 'import { Card as KitCard } from "kit";\nimport { useThing } from "hooks";\nimport { a } from "./util-a.ts";\nimport { shared } from "./lib-shared.ts";\nimport { show } from "./toast.ts";\nexport const Root = [KitCard, useThing, a, shared, show];\nimport("./page.tsx");',
    imports: [KIT, HOOKS, '/repo/src/util-a.ts', '/repo/src/lib-shared.ts', '/repo/src/toast.ts'],
    lazy: ['/repo/src/page.tsx'],
  },
  '/repo/src/page.tsx': { code: 'import { Picker } from "kit";\nexport const Page = Picker;', imports: [KIT] },
  '/repo/src/desk.tsx': { code: 'import { shared } from "./lib-shared.ts";\nimport { d } from "./desk-only.ts";\nexport const Desk = [shared, d];', imports: ['/repo/src/lib-shared.ts', '/repo/src/desk-only.ts'] },
  '/repo/src/util-a.ts': { code: 'export const a = 1;' },
  '/repo/src/lib-shared.ts': { code: 'export const shared = 1;' },
  '/repo/src/desk-only.ts': { code: 'export const d = 1;' },
  // A package index of re-exports, and one (like ahooks') that imports and then exports a list.
  [KIT]: {
    code: 'import "./global.js";\nexport { default as Button } from "./button.js";\nexport { default as Input } from "./input.js";\nexport { default as Card } from "./card.js";\nexport { default as Picker } from "./picker.js";\nexport * from "./extras.js";',
    imports: ['/repo/node_modules/kit/global.js', '/repo/node_modules/kit/button.js', '/repo/node_modules/kit/input.js', '/repo/node_modules/kit/card.js', '/repo/node_modules/kit/picker.js', '/repo/node_modules/kit/extras.js'],
  },
  '/repo/node_modules/kit/global.js': { code: 'import "./global.css";', imports: ['/repo/node_modules/kit/global.css'] },
  '/repo/node_modules/kit/global.css': { code: '' },
  '/repo/node_modules/kit/button.js': { code: 'export default 1;' },
  '/repo/node_modules/kit/input.js': { code: 'export default 1;' },
  '/repo/node_modules/kit/card.js': { code: 'export default 1;' },
  '/repo/node_modules/kit/picker.js': { code: 'import { heavy } from "./heavy.js";\nexport default heavy;', imports: ['/repo/node_modules/kit/heavy.js'] },
  '/repo/node_modules/kit/heavy.js': { code: 'export const heavy = 1;' },
  '/repo/node_modules/kit/extras.js': { code: 'export const extra = 1;' },
  [HOOKS]: {
    code: 'import useThing from "./useThing.js";\nimport useOther from "./useOther.js";\nexport { useThing, useOther };',
    imports: ['/repo/node_modules/hooks/useThing.js', '/repo/node_modules/hooks/useOther.js'],
  },
  '/repo/node_modules/hooks/useThing.js': { code: 'export default 1;' },
  '/repo/node_modules/hooks/useOther.js': { code: 'export default 1;' },
});

const name = startChunkName({
  root: '/repo',
  entry: 'src/main.tsx',
  starts: { login: ['src/shell.tsx', 'src/login.tsx'], home: ['src/shell.tsx', 'src/root.tsx'], dhome: ['src/desk.tsx'] },
  apps: { phone: ['src/shell.tsx', 'src/login.tsx', 'src/root.tsx'], desktop: ['src/desk.tsx'] },
  groupedApps: ['phone'],
});
const chunkOf = (id: string) => name(id.startsWith('/') ? id : `/repo/${id}`, ctx);

describe('startChunkName', () => {
  it('puts what a set of first pages loads before it shows in one chunk per set', () => {
    expect(chunkOf('node_modules/kit/button.js')).toBe('start-login-home.phone');
    expect(chunkOf('node_modules/kit/global.js')).toBe('start-login-home.phone');
    expect(chunkOf('node_modules/kit/input.js')).toBe('start-login.phone');
    expect(chunkOf('src/util-a.ts')).toBe('start-login-home.phone');
    expect(chunkOf('node_modules/kit/card.js')).toBe('start-home.phone');
    expect(chunkOf('node_modules/hooks/useThing.js')).toBe('start-home.phone');
  });

  it('follows only the names a page asks of a package index, as tree shaking will', () => {
    expect(chunkOf('node_modules/kit/picker.js')).toBeNull();
    expect(chunkOf('node_modules/kit/heavy.js')).toBeNull();
    expect(chunkOf('node_modules/hooks/useOther.js')).toBeNull();
  });

  it('names a chunk after every app that can reach its modules', () => {
    expect(chunkOf('src/lib-shared.ts')).toBe('start-home-dhome.phone-desktop');
  });

  it('groups a module the start loads anyway, though another module imports it lazily, and a package index', () => {
    expect(chunkOf('src/toast.ts')).toBe('start-home.phone');
    expect(chunkOf(KIT)).toBe('start-login-home.phone');
  });

  it('leaves the entry, the start modules, later pages and ungrouped apps to the bundler', () => {
    expect(chunkOf('node_modules/react-dom/index.js')).toBeNull();
    expect(chunkOf('src/shell.tsx')).toBeNull();
    expect(chunkOf('src/root.tsx')).toBeNull();
    expect(chunkOf('src/page.tsx')).toBeNull();
    expect(chunkOf('src/desk-only.ts')).toBeNull();
  });

  it('takes a module whose imports it cannot match up whole', () => {
    const odd = graph({
      '/repo/src/main.tsx': { code: '', lazy: ['/repo/src/shell.tsx'] },
      '/repo/src/shell.tsx': { code: 'import{Button}from"kit";', imports: [KIT] },
      [KIT]: { code: 'export { default as Button } from "./button.js";\nexport { default as Picker } from "./picker.js";', imports: ['/repo/node_modules/kit/button.js', '/repo/node_modules/kit/picker.js'] },
      '/repo/node_modules/kit/button.js': { code: 'export default 1;' },
      '/repo/node_modules/kit/picker.js': { code: 'export default 1;' },
    });
    const oddName = startChunkName({ root: '/repo', entry: 'src/main.tsx', starts: { login: ['src/shell.tsx'] }, apps: { phone: ['src/shell.tsx'] }, groupedApps: ['phone'] });
    expect(oddName('/repo/node_modules/kit/picker.js', odd)).toBe('start-login.phone');
  });
});
