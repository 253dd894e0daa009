import type { FastifyRequest } from 'fastify';
import { translate } from '../i18n/translate.ts';

/** The success envelope `{ code: 0, msg, data }` (DESIGN §4). */
export function ok<T>(request: FastifyRequest, data: T) {
  return { code: 0, msg: translate(request.lang, 'success'), data };
}
