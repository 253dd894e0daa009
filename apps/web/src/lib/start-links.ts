import { START_FILES_ID, type StartModule } from './start-modules.ts';

/**
 * Links the files the first page's modules need (listed in index.html by the build,
 * scripts/start-files-plugin.ts) in one insertion: scripts as module preloads, style sheets as
 * style sheets. The preload helper of each module's import then finds them linked and adds none of
 * its own: one DOM change instead of one per file (~1 ms each on a slow phone, issue 12). Resolves
 * when the style sheets have loaded or failed (the helper does not wait for links it did not add,
 * and the page must not render unstyled). Without the list (the dev server) it does nothing.
 */
export function linkStartFiles(modules: readonly StartModule[]): Promise<void> {
  const files = startFiles();
  if (!files) return Promise.resolve();
  const linked = new Set(Array.from(document.getElementsByTagName('link'), (link) => link.href));
  const fragment = document.createDocumentFragment();
  const sheets: Promise<void>[] = [];
  for (const href of new Set(modules.flatMap((module) => files[module] ?? []))) {
    const link = document.createElement('link');
    link.href = href;
    if (linked.has(link.href)) continue;
    if (href.endsWith('.css')) {
      link.rel = 'stylesheet';
      sheets.push(new Promise((resolve) => (link.onload = link.onerror = () => resolve())));
    } else {
      link.rel = 'modulepreload';
      link.as = 'script';
    }
    link.crossOrigin = '';
    fragment.appendChild(link);
  }
  document.head.appendChild(fragment);
  return Promise.all(sheets).then(() => undefined);
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
