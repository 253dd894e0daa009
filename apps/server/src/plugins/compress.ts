import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing a few hundred bytes saves nothing. */
export const COMPRESS_THRESHOLD_BYTES = 256;

/**
 * Compresses every text answer (JSON, HTML, CSS, JavaScript, SVG): brotli when the browser accepts
 * it, gzip otherwise (quality 4 brotli on the fly, cheap on the CPU). The built web app ships its
 * own `.br`/`.gz` files made at build time (see plugins/web.ts), which pass through untouched.
 * Server-sent streams (text/event-stream) are never compressed: a compressor would hold events back.
 * API answers carry `Cache-Control: no-store` unless a route set its own, so no cache (the browser's
 * or the service worker's) ever shows a stale balance or order.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: COMPRESS_THRESHOLD_BYTES });
  // Set when the request arrives: a route's (or a later hook's) own Cache-Control replaces it, and no
  // onSend step runs per answer for it.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}
