import { lazy, useState, type ComponentType, type JSX } from 'react';
import { matchesPattern } from './route-table.ts';

export interface PreloadableComponent<P extends object> {
  (props: P): JSX.Element;
  /** Starts loading the module (once); resolves when the component can render without suspending. */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * React.lazy that renders its component directly once the module has loaded.
 *
 * A React.lazy component suspends on its first render even when its chunk is already there, and
 * React 19 reveals content that suspended after its fallback showed at most 300 ms after that
 * fallback (FALLBACK_THROTTLE_MS): every nested lazy level of the first page (shell, root, page)
 * could hold it back by up to 300 ms, measured as a ~400 ms gap between the mall's data arriving
 * and its page appearing. The boot preloads the first route's components (router.tsx
 * `preloadFirstRoute`), so its first render suspends nowhere.
 *
 * Each rendered instance keeps the form it started with (the loaded component, or the lazy one
 * while loading), so a later re-render never swaps one for the other and remounts the tree.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed chunk (offline, a new release) may be asked for again by the next render.
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}

/** A page module's named component, loaded on demand and preloadable (the two page tables). */
export function lazyExport<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): PreloadableComponent<object> {
  return preloadableLazy(() => load().then((module) => module[name]));
}

/**
 * A page bundled with its root instead of its own chunk (each tree's home, where most starts land):
 * its code loads beside the root's instead of in a second round of requests after it.
 */
export function eager(Component: ComponentType): PreloadableComponent<object> {
  return Object.assign((props: object) => <Component {...props} />, { preload: () => Promise.resolve(Component) });
}

/** The page of `pages` that `pathname` shows, after the table's redirects; null for none. */
export function preloadPageOf<P extends string>(
  pages: Record<P, PreloadableComponent<object>>,
  redirects: Record<string, string>,
  pathname: string,
): Promise<unknown> {
  const path = redirects[pathname] ?? pathname;
  const pattern = (Object.keys(pages) as P[]).find((p) => matchesPattern(p, path));
  return pattern ? pages[pattern].preload().catch(() => undefined) : Promise.resolve();
}
