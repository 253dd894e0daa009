import type { FastifyInstance } from 'fastify';
import { call, callMultipart, type MultipartPart } from '../helper.ts';

/** A mall buyer's chat call (POST with a body, GET with a query). */
export function buyerChat(app: FastifyInstance, token: string, method: 'GET' | 'POST', path: string, input?: Record<string, unknown>, lang?: string) {
  const options = method === 'GET' ? { query: input as Record<string, string | number> } : { body: input ?? {} };
  return call(app, method, `/api/buyer/chat/${path}`, { headers: { buyertoken: token }, lang, ...options });
}

/** A shop member's chat call. */
export function sellerChat(app: FastifyInstance, token: string, method: 'GET' | 'POST', path: string, input?: Record<string, unknown>, lang?: string) {
  const options = method === 'GET' ? { query: input as Record<string, string | number> } : { body: input ?? {} };
  return call(app, method, `/api/chat/${path}`, { token, lang, ...options });
}

/** A picture message through the multipart route of either side. */
export function sendPicture(app: FastifyInstance, side: { buyerToken?: string; token?: string }, conversationId: number, file: { data: Buffer; filename?: string; contentType?: string }) {
  const parts: MultipartPart[] = [
    { name: 'conversationId', value: String(conversationId) },
    { name: 'image', filename: file.filename ?? 'photo.png', contentType: file.contentType ?? 'image/png', data: file.data },
  ];
  const url = side.buyerToken ? '/api/buyer/chat/sendImage' : '/api/chat/sendImage';
  return callMultipart(app, url, parts, side.buyerToken ? { headers: { buyertoken: side.buyerToken } } : { token: side.token });
}

/** The buyer opens a conversation with the shop, sending `text`; answers its id. */
export async function startChat(app: FastifyInstance, buyerToken: string, shopId: number, body: Record<string, unknown> = { text: 'Hello' }): Promise<number> {
  const { status, body: answer } = await buyerChat(app, buyerToken, 'POST', 'start', { shopId, ...body });
  if (status !== 200) throw new Error(`chat start failed: ${JSON.stringify(answer)}`);
  return answer.data.conversation.id;
}
