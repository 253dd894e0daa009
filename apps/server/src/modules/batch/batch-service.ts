import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BatchGet } from '@shopdesk/shared/batch/schemas';

/** What a batched GET carries over from the batch: the session and the language (never the encoding: the parts are embedded as text). */
const FORWARDED_HEADERS = ['authtoken', 'accept-language'] as const;

/**
 * Answers each GET through the app itself (`inject`): the same hooks as a request of its own
 * (rate limits counted per part, the session and the shop checked, the query validated, the
 * route's own answer and errors), from the batch's address. The parts run side by side; the result
 * is the JSON array of `{ status, body }`, each body the part's JSON text as the route wrote it.
 */
export async function answerBatch(app: FastifyInstance, request: FastifyRequest, gets: readonly BatchGet[]): Promise<string> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const parts = await Promise.all(
    gets.map(async (get) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(get.query ?? {})) query.set(key, String(value));
      const search = query.size > 0 ? `?${query}` : '';
      const answer = await app.inject({ method: 'GET', url: `/api${get.path}${search}`, headers, remoteAddress: request.ip });
      const json = String(answer.headers['content-type'] ?? '').startsWith('application/json') && answer.body.length > 0 ? answer.body : 'null';
      return `{"status":${answer.statusCode},"body":${json}}`;
    }),
  );
  return `[${parts.join(',')}]`;
}
