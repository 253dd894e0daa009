import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from './errors.ts';

/** Hashed build output (`assets/<name>-<hash>.<ext>`): its name changes whenever its content does. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** The shell and the worker: always revalidated (ETag), so a new release is seen on the next load. */
export const REVALIDATE_CACHE = 'no-cache';
/** Other public files (favicon, icons, the support page): fresh for an hour. */
export const SHORT_CACHE = 'public, max-age=3600';

const ALWAYS_REVALIDATE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'mall.webmanifest', 'registerSW.js']);

/** The Cache-Control of a file of the web build, by its path relative to the build folder. */
export function webCacheControl(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/').replace(/^\/+/, '').replace(/\.(br|gz)$/, '');
  if (ALWAYS_REVALIDATE.has(file) || file.startsWith('workbox-')) return REVALIDATE_CACHE;
  if (file.startsWith('assets/')) return IMMUTABLE_CACHE;
  return SHORT_CACHE;
}

/**
 * Serves the built web app. Files made at build time in brotli and gzip (`.br`, `.gz` beside each
 * text asset) are sent as they are when the browser accepts them; hashed assets are cached for a
 * year as immutable, `index.html` and `sw.js` are revalidated on every load. Paths without a file
 * extension fall back to index.html (client routes); a missing file with an extension is a 404.
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      serve: true,
      preCompressed: true,
      cacheControl: false,
      globIgnore: ['**/*.br', '**/*.gz', '.vite/**'],
      setHeaders: (reply: FastifyReply, filePath: string) => {
        reply.header('cache-control', webCacheControl(path.relative(distDir, filePath)));
      },
    });
  } else {
    app.log.warn(`No web build at ${distDir}: run "npm run build" to serve the web app.`);
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url === '/api' || url.startsWith('/api/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url)) {
      // The mall's home asks for its data as the page starts (mall-api warmMallHome): the browser
      // fetches it beside the scripts instead of after them.
      if (url === '/mall' || url === '/mall/') reply.header('link', '</api/mall/home>; rel=preload; as=fetch; crossorigin');
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(errorBody(request, 'NOT_FOUND'));
  });
}
