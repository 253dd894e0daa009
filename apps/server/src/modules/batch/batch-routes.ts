import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shopdesk/shared/envelope';
import { batchAnswer, batchBody } from '@shopdesk/shared/batch/schemas';
import { sendOkJson } from '../../lib/envelope.ts';
import { answerBatch } from './batch-service.ts';

export async function batchRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/batch',
    {
      config: { permission: 'member' }, schema: {
        tags: ['system'],
        summary: "Several GET answers in one request (a signed-in home's): each part answered as on its own, with its status, in the order asked",
        body: batchBody,
        response: { 200: envelope(batchAnswer) },
      },
    },
    async (request, reply) => sendOkJson(request, reply, await answerBatch(app, request, request.body.requests)),
  );
}
