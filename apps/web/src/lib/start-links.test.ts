// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { KIT_SHEET_PREFIX, START_FILES_ID } from './start-modules.ts';
import { LINKS_PER_TASK, linkStartFiles } from './start-links.ts';

function listFiles(files: Record<string, string[]> | string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = START_FILES_ID;
  block.textContent = typeof files === 'string' ? files : JSON.stringify(files);
  document.body.appendChild(block);
}

const links = () => Array.from(document.head.querySelectorAll('link'), (link) => [link.rel, new URL(link.href).pathname, link.getAttribute('as'), link.getAttribute('crossorigin')]);

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('linkStartFiles', () => {
  it("links the modules' files once each: scripts as module preloads, style sheets as style sheets", async () => {
    listFiles({ mobileShell: ['/assets/shell.js', '/assets/kit.js', '/assets/shell.css'], mobileRoot: ['/assets/root.js', '/assets/kit.js'], desktopRoot: ['/assets/antd.js'] });
    const existing = document.createElement('link');
    existing.rel = 'modulepreload';
    existing.href = '/assets/root.js';
    document.head.appendChild(existing);
    const inserted: number[] = [];
    new MutationObserver((records) => inserted.push(records.reduce((n, r) => n + r.addedNodes.length, 0))).observe(document.head, { childList: true });
    const { sheets } = await linkStartFiles(['mobileShell', 'mobileRoot']);
    // The style sheet's load (or failure) settles it; happy-dom reports one either way.
    await Promise.race([sheets, new Promise((resolve) => setTimeout(resolve, 2000))]);
    await Promise.resolve();
    // The page's list (the last module's) first: it holds the largest files.
    expect(links()).toEqual([
      ['modulepreload', '/assets/root.js', null, null],
      ['modulepreload', '/assets/kit.js', 'script', ''],
      ['modulepreload', '/assets/shell.js', 'script', ''],
      ['stylesheet', '/assets/shell.css', null, ''],
    ]);
    expect(inserted).toEqual([3]);
  });

  it("puts the UI kit's style sheets before the document's own, and waits for them with the rest", async () => {
    const kitSheet = `/assets/${KIT_SHEET_PREFIX}antd-1.css`;
    listFiles({ desktopShell: ['/assets/shell.js', '/assets/shell.css', kitSheet] });
    document.head.innerHTML = '<meta charset="utf-8"><link rel="stylesheet" href="/assets/index.css">';
    const { sheets } = await linkStartFiles(['desktopShell']);
    expect(Array.from(document.head.children, (el) => el.getAttribute('href') ?? el.tagName.toLowerCase())).toEqual(['meta', kitSheet, '/assets/index.css', '/assets/shell.js', '/assets/shell.css']);
    let settled = false;
    const done = sheets.then(() => (settled = true));
    const kitLink = document.head.querySelector<HTMLLinkElement>(`link[href="${kitSheet}"]`)!;
    document.head.querySelector<HTMLLinkElement>('link[href="/assets/shell.css"]')!.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(settled).toBe(false);
    kitLink.dispatchEvent(new Event('load'));
    await done;
    expect(settled).toBe(true);
  });

  it(`links a long list ${LINKS_PER_TASK} per task, all of them before it resolves`, async () => {
    const scripts = Array.from({ length: LINKS_PER_TASK * 2 + 1 }, (_, i) => `/assets/chunk-${i}.js`);
    listFiles({ mobileRoot: scripts });
    const inserted: number[] = [];
    new MutationObserver((records) => inserted.push(records.reduce((n, r) => n + r.addedNodes.length, 0))).observe(document.head, { childList: true });
    await linkStartFiles(['mobileRoot']);
    expect(links().map(([, path]) => path)).toEqual(scripts);
    await Promise.resolve();
    expect(inserted).toEqual([LINKS_PER_TASK, LINKS_PER_TASK, 1]);
  });

  it('tells when the style sheets have loaded', async () => {
    listFiles({ mobileShell: ['/assets/shell.css'] });
    let settled = false;
    const { sheets } = await linkStartFiles(['mobileShell']);
    const done = sheets.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    const sheet = document.head.querySelector('link')!;
    expect(sheet.rel).toBe('stylesheet');
    sheet.dispatchEvent(new Event('load'));
    await done;
    expect(settled).toBe(true);
  });

  it("removes every part of the UI kit's sheet when they fail to load (antd then writes its rules itself), and keeps them when they load", async () => {
    const parts = [0, 1, 2].map((n) => `/assets/${KIT_SHEET_PREFIX}antd-${n}-abcdefgh.css`);
    listFiles({ desktopShell: ['/assets/shell.css', ...parts] });
    const sheetsNow = () => Array.from(document.head.querySelectorAll('link[rel="stylesheet"]'), (link) => link.getAttribute('href'));
    // happy-dom loads no style sheet: it reports each one's load, or its failure, as the link goes in.
    const settings = (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings;
    try {
      settings.handleDisabledFileLoadingAsSuccess = true;
      await (await linkStartFiles(['desktopShell'])).sheets;
      expect(sheetsNow()).toEqual([...parts, '/assets/shell.css']);
      document.head.innerHTML = '';
      settings.handleDisabledFileLoadingAsSuccess = false;
      await (await linkStartFiles(['desktopShell'])).sheets;
      // The page's own sheet stays: only the kit's parts depend on each other.
      expect(sheetsNow()).toEqual(['/assets/shell.css']);
    } finally {
      settings.handleDisabledFileLoadingAsSuccess = false;
    }
  });

  it('does nothing without the list (the dev server) or with a broken one', async () => {
    await linkStartFiles(['mobileShell']);
    listFiles('{not json');
    await linkStartFiles(['mobileShell']);
    expect(links()).toEqual([]);
  });
});
