import type { FastifyReply, FastifyRequest } from 'fastify';

/** The Idempotency-Key header of a money-moving request (DESIGN §2), if sent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  return Array.isArray(header) ? header[0] : header;
}

export function sendAnswer(reply: FastifyReply, answer: { statusCode: number; body: unknown }) {
  return reply.status(answer.statusCode).send(answer.body);
}
