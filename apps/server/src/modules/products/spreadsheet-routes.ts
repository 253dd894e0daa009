import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@shopdesk/shared/envelope';
import { SHEET_MAX_BYTES, sheetDryRunAnswer, sheetExportQuery, sheetImportQuery, sheetUndoAnswer } from '@shopdesk/shared/products/spreadsheet';
import { ok } from '../../lib/envelope.ts';
import { readSheetUpload, SHEET_CONTENT_TYPE } from '../../lib/spreadsheet.ts';
import { AppError } from '../../lib/app-error.ts';
import { callerShopId } from '../../plugins/auth.ts';
import { exportSheet } from './spreadsheet-export.ts';
import { applyImport, dryRunImport, undoLastImport } from './spreadsheet-import.ts';

const tags = ['products'];
const upload = (request: Parameters<typeof readSheetUpload>[0]) => readSheetUpload(request, SHEET_MAX_BYTES, () => new AppError('SHEET_FILE_INVALID'));
const sheetFile = (name: string, format: 'xlsx' | 'csv') => `attachment; filename="${name}.${format}"`;

/** The sellers' product spreadsheets: export, import (dry run, then apply) and undo of the last import. */
export async function spreadsheetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/product/sheet/export',
    { config: { permission: 'products:view' }, schema: { tags, summary: "The shop's products as an XLSX or CSV sheet, one row per SKU, headers in the reader's language", querystring: sheetExportQuery } },
    async (request, reply) => {
      const { format, tzOffset } = request.query;
      const stream = exportSheet(app.db, callerShopId(request), format, { lang: request.lang, tzOffset });
      return reply.type(SHEET_CONTENT_TYPE[format]).header('content-disposition', sheetFile('products', format)).send(stream);
    },
  );

  r.post(
    '/api/product/sheet/check',
    {
      config: { permission: 'products:edit' },
      schema: {
        tags,
        summary: 'Dry run of a product sheet import (multipart field `file`, XLSX or CSV by its bytes, at most 10 MB): every row that would change, before and after, and every row with errors; nothing is written',
        consumes: ['multipart/form-data'],
        querystring: sheetImportQuery,
        response: { 200: envelope(sheetDryRunAnswer) },
      },
    },
    async (request) => ok(request, await dryRunImport(app.db, app.config, callerShopId(request), await upload(request), { lang: request.lang, tzOffset: request.query.tzOffset })),
  );

  r.post(
    '/api/product/sheet/import',
    {
      config: { permission: 'products:edit' },
      schema: {
        tags,
        summary: 'Apply a product sheet import: the valid rows in one transaction; answers the per-row result as a sheet in the format of the upload (headers X-Sheet-Applied, X-Sheet-Failed, X-Sheet-Import-Id)',
        consumes: ['multipart/form-data'],
        querystring: sheetImportQuery,
      },
    },
    async (request, reply) => {
      const result = await applyImport(app.db, app.config, callerShopId(request), await upload(request), { lang: request.lang, tzOffset: request.query.tzOffset });
      return reply
        .type(SHEET_CONTENT_TYPE[result.format])
        .header('content-disposition', sheetFile('import-result', result.format))
        .header('x-sheet-applied', String(result.applied))
        .header('x-sheet-failed', String(result.failed))
        .header('x-sheet-import-id', String(result.importId ?? ''))
        .send(result.stream);
    },
  );

  r.post('/api/product/sheet/undo', { config: { permission: 'products:edit' }, schema: { tags, summary: "Undo the shop's last product sheet import (once)", response: { 200: envelope(sheetUndoAnswer) } } }, async (request) =>
    ok(request, await undoLastImport(app.db, callerShopId(request))),
  );
}
