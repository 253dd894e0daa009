import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing a few hundred bytes saves nothing. */
export const COMPRESS_THRESHOLD_BYTES = 256;

/**
 * Compresses every text answer (JSON, HTML, CSS, JavaScript, SVG): brotli when the browser accepts
 * it, gzip otherwise (quality 4 brotli on the fly, cheap on the CPU). The built web app ships its
 * own `.br`/`.gz` files made at build time (see plugins/web.ts), which pass through untouched.
 * Server-sent streams (text/event-stream) are never compressed: a compressor would hold events back.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: COMPRESS_THRESHOLD_BYTES });
}

/**
 * `Cache-Control: no-store` on every `/api` answer, set when the request arrives (registered among
 * the first hooks, so the refusals of the hooks after it carry it too): a route's own Cache-Control
 * replaces it, and no onSend step runs per answer for it.
 */
export function registerApiNoStore(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}
