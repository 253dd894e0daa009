import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Writes the file and its .br/.gz companions, as the build would. */
function publish(file: string, content: string): void {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

/**
 * Publishes release `build` into a served web folder, as a new build would: index.html changes
 * (a `<meta name="shopdesk-build">` marker) and the worker's precache manifest says so.
 */
export function publishBuild(webDir: string, build: number): void {
  const indexFile = path.join(webDir, 'index.html');
  const html = fs
    .readFileSync(indexFile, 'utf8')
    .replace(/\n\s*<meta name="shopdesk-build"[^>]*>/, '')
    .replace('<head>', `<head>\n    <meta name="shopdesk-build" content="${build}" />`);
  publish(indexFile, html);
  const swFile = path.join(webDir, 'sw.js');
  const revision = crypto.createHash('md5').update(html).digest('hex');
  const sw = fs.readFileSync(swFile, 'utf8');
  const updated = sw.replace(/(url:\s*"index\.html",\s*revision:\s*")[0-9a-f]+(")/, `$1${revision}$2`);
  if (updated === sw) throw new Error('sw.js has no precache entry for index.html');
  publish(swFile, updated);
}
