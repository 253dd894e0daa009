import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/** Serves the built web app; paths without a file extension fall back to index.html (client routes). */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, serve: true });
  } else {
    app.log.warn(`No web build at ${distDir}: run "npm run build" to serve the web app.`);
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url === '/api' || url.startsWith('/api/');
    if (!isApi && hasBuild && request.method === 'GET' && !path.extname(url)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(errorBody(request, 'NOT_FOUND'));
  });
}
