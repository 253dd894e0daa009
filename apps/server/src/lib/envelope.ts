import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../i18n/translate.ts';

/** The success envelope `{ code: 0, msg, data }` (DESIGN §4). */
export function ok<T>(request: FastifyRequest, data: T) {
  return { code: 0, msg: translate(request.lang, 'success'), data };
}

/** The envelope's text before `data`, per language (the same for every answer: written once). */
const okHeads = new Map<string, string>();

/**
 * The success envelope around `data` that is already JSON text (written by PostgreSQL, see
 * listOrdersJson), sent as it is: a string with a JSON content type skips the route's serializer.
 * Only for answers whose text is exactly the route's documented schema (a test compares them).
 */
export function sendOkJson(request: FastifyRequest, reply: FastifyReply, dataJson: string) {
  let head = okHeads.get(request.lang);
  if (head === undefined) {
    head = `{"code":0,"msg":${JSON.stringify(translate(request.lang, 'success'))},"data":`;
    okHeads.set(request.lang, head);
  }
  return reply.type('application/json; charset=utf-8').send(`${head}${dataJson}}`);
}
