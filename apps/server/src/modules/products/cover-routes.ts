import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryAnswer } from '@shopdesk/shared/envelope';
import { productCoverSvg } from './product-service.ts';

export async function coverRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/catalog/covers/:file',
    {
      config: { access: 'public' },
      schema: { tags: ['products'], summary: 'A product cover image (SVG)', params: z.object({ file: z.string().regex(/^\d{1,9}\.svg$/) }), response: { 200: binaryAnswer(['image/svg+xml'], 'The cover (SVG)') } },
    },
    async (request, reply) => {
      const svg = await productCoverSvg(app.db, Number(request.params.file.replace('.svg', '')));
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );
}
