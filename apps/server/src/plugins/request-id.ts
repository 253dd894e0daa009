import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * A proxy's id is taken as it is only when it looks like an id: a header of any length or with
 * line breaks would otherwise end up in every log line of the request.
 */
const ACCEPTED_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * How each request gets its id (Fastify's `genReqId`): the trusted proxy's header when the proxy is
 * trusted (TRUST_PROXY) and the value looks like an id, otherwise a new UUID. Fastify names it in
 * every log line of the request (`reqId`).
 */
export function requestIdGenerator(options: { trustProxy: boolean; header: string }): (req: { headers: IncomingHttpHeaders }) => string {
  const header = options.header.toLowerCase();
  return (req) => {
    if (options.trustProxy) {
      const sent = req.headers[header];
      const value = Array.isArray(sent) ? sent[0] : sent;
      if (value && ACCEPTED_ID.test(value)) return value;
    }
    return randomUUID();
  };
}

/**
 * Every answer carries `X-Request-Id` (error answers also carry it in their body, plugins/errors.ts),
 * so a seller can quote it and support finds the request's log lines. Registered first: the
 * answers of the hooks after it (rate limit, session check) carry it too.
 */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
