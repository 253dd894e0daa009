import { describe, expect, it } from 'vitest';
import { closeTab, initialTabs, openTab, restoreTabs, type PageTab } from './tabs-model.ts';

const paths = (tabs: PageTab[]) => tabs.map((t) => t.path);

function opened(...visited: string[]): PageTab[] {
  return visited.reduce((tabs, path) => openTab(tabs, path), initialTabs());
}

describe('page tabs', () => {
  it('starts with the dashboard and opens each visited page once', () => {
    const tabs = opened('/orders', '/wallet', '/orders');
    expect(paths(tabs)).toEqual(['/dashboard', '/orders', '/wallet']);
  });

  it('ignores paths that are not pages', () => {
    expect(paths(opened('/products', '/nope'))).toEqual(['/dashboard']);
  });

  it('remembers the last query of a tab', () => {
    const tabs = openTab(opened('/orders'), '/orders', '?page=2');
    expect(tabs.find((t) => t.path === '/orders')?.url).toBe('/orders?page=2');
  });

  it('never closes the dashboard', () => {
    const tabs = opened('/orders');
    expect(closeTab(tabs, '/dashboard', '/dashboard')).toEqual({ tabs, navigateTo: null });
  });

  it('closing an inactive tab stays where it is', () => {
    const result = closeTab(opened('/orders', '/wallet'), '/orders', '/wallet');
    expect(paths(result.tabs)).toEqual(['/dashboard', '/wallet']);
    expect(result.navigateTo).toBeNull();
  });

  it('closing the active tab moves to its right neighbour', () => {
    const result = closeTab(opened('/orders', '/wallet', '/finance'), '/wallet', '/wallet');
    expect(paths(result.tabs)).toEqual(['/dashboard', '/orders', '/finance']);
    expect(result.navigateTo).toBe('/finance');
  });

  it('closing the active last tab moves to its left neighbour, with its query', () => {
    const tabs = openTab(opened('/orders', '/wallet'), '/orders', '?status=paid');
    const result = closeTab(tabs, '/wallet', '/wallet');
    expect(result.navigateTo).toBe('/orders?status=paid');
  });
});

describe('page tabs across a reload', () => {
  it('restores the saved tabs with their last query, dashboard first', () => {
    const tabs = openTab(opened('/orders', '/wallet'), '/orders', '?tab=signed');
    expect(restoreTabs(JSON.stringify(tabs))).toEqual(tabs);
  });

  it('drops what is not a page or not a tab, and survives garbage', () => {
    const raw = JSON.stringify([{ path: '/nope', url: '/nope' }, { path: '/wallet', url: '/orders' }, 7, { path: '/orders', url: '/orders' }]);
    expect(paths(restoreTabs(raw))).toEqual(['/dashboard', '/orders']);
    expect(restoreTabs('{not json')).toEqual(initialTabs());
    expect(restoreTabs(null)).toEqual(initialTabs());
    expect(restoreTabs('{"a":1}')).toEqual(initialTabs());
  });
});
