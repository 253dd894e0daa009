import { KIT_SHEET_PREFIX, START_FILES_ID, type StartModule } from './start-modules.ts';
import { yieldToMain } from './yield-to-main.ts';

/**
 * How many links one task inserts. Each costs the page ~1.5 ms on a slow machine (the fetch it
 * starts), so the ~45 of a signed-in phone start in one task were one of its longest (67–80 ms, four
 * times that on a slow phone: Lighthouse's blocking time); six keep each task short.
 */
export const LINKS_PER_TASK = 6;

/** What linkStartFiles resolves with once every link is in: the style sheets' loads, still under way. */
export interface StartLinks {
  /** Resolves when the style sheets have loaded or failed (the page must not render unstyled). */
  sheets: Promise<void>;
}

/**
 * Links the files the first page's modules need (listed in index.html by the build,
 * scripts/start-files-plugin.ts), a few per task: scripts as module preloads, style sheets as style
 * sheets. Resolves once all are linked: the preload helper of each module's import, started after,
 * then finds them linked and adds none of its own (it would add them one by one, in one task).
 * The UI kit's sheets (KIT_SHEET_PREFIX) go before the document's other style sheets, in the
 * list's order; when one fails to load they are all removed. Without the list (the dev server) it
 * links nothing.
 */
export async function linkStartFiles(modules: readonly StartModule[]): Promise<StartLinks> {
  const files = startFiles();
  if (!files) return { sheets: Promise.resolve() };
  const linked = new Set(Array.from(document.getElementsByTagName('link'), (link) => link.href));
  const links: HTMLLinkElement[] = [];
  const kitLinks: HTMLLinkElement[] = [];
  const sheets: Promise<void>[] = [];
  let kitFailed = false;
  // The page's files before its shell's (modules come shell first): each list is largest first
  // (scripts/start-files-plugin.ts), and the page's holds the largest.
  for (const href of new Set([...modules].reverse().flatMap((module) => files[module] ?? []))) {
    const link = document.createElement('link');
    link.href = href;
    if (linked.has(link.href)) continue;
    if (href.endsWith('.css')) {
      const kit = href.startsWith(`/assets/${KIT_SHEET_PREFIX}`);
      link.rel = 'stylesheet';
      sheets.push(
        new Promise((resolve) => {
          link.onload = () => resolve();
          link.onerror = () => {
            kitFailed ||= kit;
            resolve();
          };
        }),
      );
    } else {
      link.rel = 'modulepreload';
      link.as = 'script';
    }
    link.crossOrigin = '';
    (href.startsWith(`/assets/${KIT_SHEET_PREFIX}`) ? kitLinks : links).push(link);
  }
  // Before the page's own style sheets, as antd's own rules are (it puts them first in the head).
  if (kitLinks.length) document.head.insertBefore(fragmentOf(kitLinks), document.head.querySelector('link[rel="stylesheet"], style'));
  for (let start = 0; start < links.length; start += LINKS_PER_TASK) {
    if (start > 0) await yieldToMain();
    document.head.appendChild(fragmentOf(links.slice(start, start + LINKS_PER_TASK)));
  }
  // The kit's parts are all or nothing: their map tells antd which rules the sheets hold, so with a
  // part missing antd would skip rules nobody wrote. Without them all, antd writes every rule itself.
  return {
    sheets: Promise.all(sheets).then(() => {
      if (kitFailed) kitLinks.forEach((link) => link.remove());
    }),
  };
}

function fragmentOf(links: HTMLLinkElement[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(...links);
  return fragment;
}

function startFiles(): Record<string, string[]> | null {
  const text = document.getElementById(START_FILES_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, string[]>;
  } catch {
    return null;
  }
}
