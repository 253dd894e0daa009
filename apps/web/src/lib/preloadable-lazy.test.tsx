// @vitest-environment happy-dom
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { eager, preloadableLazy, preloadPageOf } from './preloadable-lazy.tsx';

afterEach(cleanup);

/** A module whose load the test finishes by hand, counting how often it was asked for. */
function deferredModule() {
  const calls = { count: 0 };
  let finish: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  function Loaded({ label }: { label: string }) {
    const [mountedAt] = useState(() => Math.random());
    return <span data-testid="loaded" data-mounted={mountedAt}>{label}</span>;
  }
  const load = () => {
    calls.count += 1;
    return new Promise<typeof Loaded>((resolve, reject) => {
      finish = () => resolve(Loaded);
      fail = reject;
    });
  };
  return { load, calls, finish: () => finish(), fail: (e: Error) => fail(e) };
}

const tree = (Component: (props: { label: string }) => React.ReactNode, label: string) => (
  <Suspense fallback={<span data-testid="fallback" />}>
    <Component label={label} />
  </Suspense>
);

describe('preloadableLazy', () => {
  it('renders a preloaded component at once: its first render shows no fallback', async () => {
    const module = deferredModule();
    const Page = preloadableLazy(module.load);
    const loading = Page.preload();
    module.finish();
    await loading;
    render(tree(Page, 'first'));
    expect(screen.getByTestId('loaded').textContent).toBe('first');
    expect(screen.queryByTestId('fallback')).toBeNull();
  });

  it('suspends like React.lazy when not preloaded, and loads the module once', async () => {
    const module = deferredModule();
    const Page = preloadableLazy(module.load);
    render(tree(Page, 'later'));
    expect(screen.getByTestId('fallback')).toBeTruthy();
    await act(async () => module.finish());
    expect((await screen.findByTestId('loaded')).textContent).toBe('later');
    await Page.preload();
    expect(module.calls.count).toBe(1);
  });

  it('keeps a mounted instance when re-rendered after the load (no remount of the tree)', async () => {
    const module = deferredModule();
    const Page = preloadableLazy(module.load);
    const view = render(tree(Page, 'a'));
    await act(async () => module.finish());
    const mounted = (await screen.findByTestId('loaded')).dataset.mounted;
    view.rerender(tree(Page, 'b'));
    expect(screen.getByTestId('loaded').textContent).toBe('b');
    expect(screen.getByTestId('loaded').dataset.mounted).toBe(mounted);
  });

  it('asks again after a failed load (offline, a new release)', async () => {
    const module = deferredModule();
    const Page = preloadableLazy(module.load);
    const first = Page.preload();
    module.fail(new Error('chunk failed'));
    await expect(first).rejects.toThrow('chunk failed');
    const second = Page.preload();
    module.finish();
    await second;
    expect(module.calls.count).toBe(2);
  });
});

describe('preloadPageOf', () => {
  it('preloads the page a path shows, through the redirects and `:param` patterns, and nothing for an unknown path', async () => {
    const asked: string[] = [];
    const page = (name: string) => preloadableLazy(async () => (asked.push(name), () => <span>{name}</span>));
    const pages = { '/m/shop': page('shop'), '/m/products/edit/:id': page('edit') };
    await preloadPageOf(pages, { '/m': '/m/shop' }, '/m');
    await preloadPageOf(pages, {}, '/m/products/edit/12');
    await preloadPageOf(pages, {}, '/m/nowhere');
    expect(asked).toEqual(['shop', 'edit']);
  });
});

describe('eager', () => {
  it('renders a bundled page without suspending, with its props, and preloads to that same component', async () => {
    function Home({ label }: { label?: string }) {
      return <span data-testid="home">{label ?? 'home'}</span>;
    }
    const Page = eager(Home as (props: object) => React.ReactNode);
    expect(await Page.preload()).toBe(Home);
    render(
      <Suspense fallback={<span data-testid="fallback" />}>
        <Page {...{ label: 'shop' }} />
      </Suspense>,
    );
    expect(screen.queryByTestId('fallback')).toBeNull();
    expect(screen.getByTestId('home').textContent).toBe('shop');
  });
});
