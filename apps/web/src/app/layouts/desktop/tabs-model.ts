import { DESKTOP_PAGES, PATHS, findPage } from '../../../lib/route-table.ts';

/** An opened page in the tab strip: its path and the last URL (with query) seen there. */
export interface PageTab {
  path: string;
  url: string;
}

/** The dashboard tab is always there and cannot be closed. */
export const PINNED_TAB = PATHS.desktopLanding;

export const initialTabs = (): PageTab[] => [{ path: PINNED_TAB, url: PINNED_TAB }];

export function isClosable(path: string): boolean {
  return path !== PINNED_TAB;
}

/** Opens (or refreshes the URL of) the tab of a visited page; unknown paths open nothing. */
export function openTab(tabs: PageTab[], pathname: string, search = ''): PageTab[] {
  if (!findPage(DESKTOP_PAGES, pathname)) return tabs;
  const url = `${pathname}${search}`;
  const existing = tabs.find((tab) => tab.path === pathname);
  if (!existing) return [...tabs, { path: pathname, url }];
  if (existing.url === url) return tabs;
  return tabs.map((tab) => (tab.path === pathname ? { ...tab, url } : tab));
}

export interface CloseResult {
  tabs: PageTab[];
  /** Where to go when the active tab was closed: its right neighbour, else its left one. */
  navigateTo: string | null;
}

export function closeTab(tabs: PageTab[], path: string, activePath: string): CloseResult {
  const index = tabs.findIndex((tab) => tab.path === path);
  if (index < 0 || !isClosable(path)) return { tabs, navigateTo: null };
  const rest = tabs.filter((tab) => tab.path !== path);
  if (path !== activePath) return { tabs: rest, navigateTo: null };
  const neighbour = tabs[index + 1] ?? tabs[index - 1];
  return { tabs: rest, navigateTo: neighbour ? neighbour.url : PINNED_TAB };
}

/** The tabs kept before a reload; anything odd (not JSON, unknown pages, doubles) is dropped. */
export function restoreTabs(raw: string | null): PageTab[] {
  let saved: unknown;
  try {
    saved = raw ? JSON.parse(raw) : [];
  } catch {
    saved = [];
  }
  if (!Array.isArray(saved)) return initialTabs();
  return saved.reduce<PageTab[]>((tabs, item: unknown) => {
    if (!item || typeof item !== 'object') return tabs;
    const { path, url } = item as Partial<PageTab>;
    if (typeof path !== 'string' || typeof url !== 'string' || !url.startsWith(path)) return tabs;
    return openTab(tabs, path, url.slice(path.length));
  }, initialTabs());
}
