import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { binaryAnswer, envelope } from '@shopdesk/shared/envelope';
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
const sheetAnswer = (description: string) => binaryAnswer([SHEET_CONTENT_TYPE.xlsx, 'text/csv'], description);

/** A sheet download (a stream, not the JSON its documented string would be). */
function sendSheet(reply: FastifyReply, name: string, format: 'xlsx' | 'csv', stream: Readable, headers: Record<string, string> = {}) {
  return reply.type(SHEET_CONTENT_TYPE[format]).header('content-disposition', sheetFile(name, format)).headers(headers).send(stream);
}

/** The sellers' product spreadsheets: export, import (dry run, then apply) and undo of the last import. */
export async function spreadsheetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/product/sheet/export',
    { config: { permission: 'products:view' }, schema: { tags, summary: "The shop's products as an XLSX or CSV sheet, one row per variant (its SKU), headers in the reader's language", querystring: sheetExportQuery, response: { 200: sheetAnswer('The sheet (XLSX, or CSV as UTF-8 with BOM)') } } },
    async (request, reply) => {
      const { format, tzOffset } = request.query;
      const stream = exportSheet(app.db, callerShopId(request), format, { lang: request.lang, tzOffset });
      return sendSheet(reply, 'products', format, stream);
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
        response: { 200: sheetAnswer("Every row's result, in the upload's format") },
      },
    },
    async (request, reply) => {
      const result = await applyImport(app.db, app.config, callerShopId(request), await upload(request), { lang: request.lang, tzOffset: request.query.tzOffset });
      return sendSheet(reply, 'import-result', result.format, result.stream, {
        'x-sheet-applied': String(result.applied),
        'x-sheet-failed': String(result.failed),
        'x-sheet-import-id': String(result.importId ?? ''),
      });
    },
  );

  r.post('/api/product/sheet/undo', { config: { permission: 'products:edit' }, schema: { tags, summary: "Undo the shop's last product sheet import (once)", response: { 200: envelope(sheetUndoAnswer) } } }, async (request) =>
    ok(request, await undoLastImport(app.db, callerShopId(request))),
  );
}
