import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { matchLanguage } from '@shopdesk/shared/languages';

/**
 * What the web build says a cold load of each address needs beyond the entry (written by
 * apps/web/scripts/route-preload-plugin.ts; the shape is repeated here so the server does not import
 * the web app's build code).
 */
interface RoutePreloadManifest {
  routes: { pattern: string; scripts: string[]; styles: string[]; namespaces: string[] }[];
  catalogs: Record<string, Record<string, string>>;
}

const MANIFEST_FILE = '.vite/route-preload.json';

export interface ShellPage {
  html: string;
  etag: string;
}

/**
 * The app's page (index.html) for a client route, naming the chunks that address loads lazily at
 * start (its shell, root and page, their styles, and the catalogs in the visitor's language from
 * Accept-Language) as `modulepreload`/`preload` links, so the browser fetches them beside the entry
 * instead of one level at a time. Pages are made once per route and language, and made again when
 * the build changes (the files' modification times). Without the build's map the page is sent as built.
 */
export function appShell(distDir: string): (pathname: string, acceptLanguage: string | undefined) => ShellPage {
  const indexFile = path.join(distDir, 'index.html');
  const manifestFile = path.join(distDir, MANIFEST_FILE);
  let stamp = '';
  let index = '';
  let routes: { pattern: RegExp; scripts: string[]; styles: string[]; namespaces: string[] }[] = [];
  let catalogs: RoutePreloadManifest['catalogs'] = {};
  const pages = new Map<string, ShellPage>();

  const reload = () => {
    const mtime = (file: string) => (fs.existsSync(file) ? String(fs.statSync(file).mtimeMs) : '-');
    const now = `${mtime(indexFile)}:${mtime(manifestFile)}`;
    if (now === stamp) return;
    stamp = now;
    pages.clear();
    index = fs.readFileSync(indexFile, 'utf8');
    const manifest: RoutePreloadManifest = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : { routes: [], catalogs: {} };
    routes = manifest.routes.map((r) => ({ ...r, pattern: new RegExp(r.pattern) }));
    catalogs = manifest.catalogs;
  };

  return (pathname, acceptLanguage) => {
    reload();
    const routeIndex = routes.findIndex((r) => r.pattern.test(pathname));
    const language = matchLanguage(acceptLanguage);
    const key = `${routeIndex}:${language}`;
    let page = pages.get(key);
    if (!page) {
      const route = routes[routeIndex];
      const links = route
        ? [
            ...route.styles.map((file) => `<link rel="preload" as="style" href="/${file}">`),
            ...[...route.scripts, ...route.namespaces.map((ns) => catalogs[language]?.[ns]).filter((f): f is string => !!f)].map(
              (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
            ),
          ]
        : [];
      const html = links.length ? index.replace('</head>', `\n    ${links.join('\n    ')}\n  </head>`) : index;
      page = { html, etag: `"${createHash('sha1').update(html).digest('base64url').slice(0, 22)}"` };
      pages.set(key, page);
    }
    return page;
  };
}
