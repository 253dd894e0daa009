import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { warehouseProducts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { coverSvg } from './cover-image.ts';

export async function catalogRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/catalog/covers/:file',
    {
      config: { access: 'public' },
      schema: { tags: ['catalog'], summary: 'A product cover image (SVG)', params: z.object({ file: z.string().regex(/^\d{1,9}\.svg$/) }) },
    },
    async (request, reply) => {
      const id = Number(request.params.file.replace('.svg', ''));
      const [product] = await app.db
        .select({ name: warehouseProducts.name, category: warehouseProducts.category })
        .from(warehouseProducts)
        .where(eq(warehouseProducts.id, id));
      if (!product) throw new AppError('NOT_FOUND');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(coverSvg(product.category, product.name, id));
    },
  );
}
