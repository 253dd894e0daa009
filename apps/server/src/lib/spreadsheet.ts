import { PassThrough, Readable } from 'node:stream';
import { CSV_BOM, csvLine } from '@shopdesk/shared/csv';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { readOneFile } from './multipart-parts.ts';

/**
 * Reading spreadsheets that people upload (the operator's warehouse import, the sellers' product
 * sheets): which kind a file is by its bytes, its cells as texts, the upload itself.
 */

/** An XLSX file is a ZIP archive: it starts with the local file header's signature. */
export const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** XLSX or CSV by the file's first bytes, never by its name. */
export const sheetKind = (bytes: Buffer): 'xlsx' | 'csv' => (isZip(bytes) ? 'xlsx' : 'csv');

/** Reads the multipart field `file`; a file over `maxBytes` is refused with FILE_TOO_LARGE naming the limit, an empty one with `invalid`. */
export async function readSheetUpload(request: FastifyRequest, maxBytes: number, invalid: () => AppError): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
  const file = await readOneFile(request, 'file', maxBytes, () => new AppError('FILE_TOO_LARGE', { maxMb: maxBytes / 1024 / 1024 }));
  if (!file || file.length === 0) throw invalid();
  return file;
}

/**
 * A cell's value as text: formulas by their result, rich text joined, dates as `YYYY-MM-DD HH:mm:ss`
 * without a zone. A spreadsheet date has no zone: it is the wall-clock time typed, which exceljs
 * hands over as that time in UTC, so the reader decides the zone (e.g. the seller's).
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ');
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/**
 * The rows of the first worksheet of an XLSX file as cell texts, read with exceljs' streaming
 * reader: one row at a time, never the whole workbook model. `invalid` is thrown for a ZIP that is
 * not a workbook.
 */
export async function* xlsxRows(bytes: Buffer, invalid: () => AppError): AsyncGenerator<{ number: number; cells: string[] }> {
  // Styles are read because a date cell is a number with a date format: without them a typed date would come as 46357.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore' });
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets += 1;
      if (sheets > 1) continue; // only the first sheet is read; the others are drained
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i += 1) cells.push(cellText(values[i]));
        yield { number: row.number, cells };
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid();
  }
  if (sheets === 0) throw invalid();
}

/** The first worksheet of an XLSX file as rows of cell texts (row 1 first), the whole grid at once. */
export async function xlsxGrid(bytes: Buffer, invalid: () => AppError): Promise<string[][]> {
  const grid: string[][] = [];
  for await (const { number, cells } of xlsxRows(bytes, invalid)) grid[number - 1] = cells;
  return Array.from(grid, (r) => r ?? []);
}

/**
 * A CSV file (RFC 4180: commas, double-quoted fields, "" for a quote; UTF-8, a BOM allowed) as rows of
 * cell texts. Bytes that are not UTF-8 text (a picture, a PDF) are not a sheet: `invalid` is thrown.
 */
export function csvGrid(bytes: Buffer, invalid: () => AppError): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid();
  }
  if (text.includes('\0')) throw invalid();
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const grid: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    grid.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n') endRow();
    else if (ch === '\r') {
      if (text[i + 1] === '\n') i += 1;
      endRow();
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) endRow();
  return grid;
}

/** A sheet being written row by row to a stream (the response), as XLSX (exceljs' streaming writer) or CSV (the one CSV writer). */
export interface SheetWriter {
  stream: PassThrough;
  add(cells: (string | number)[]): Promise<void>;
  end(): Promise<void>;
}

export const SHEET_CONTENT_TYPE = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv; charset=utf-8' } as const;

export function sheetWriter(format: 'xlsx' | 'csv', sheetName: string): SheetWriter {
  const stream = new PassThrough();
  if (format === 'csv') {
    const write = async (text: string) => {
      if (!stream.write(text)) await new Promise((resolve) => stream.once('drain', resolve));
    };
    let started = false;
    return {
      stream,
      add: async (cells) => {
        await write((started ? '' : CSV_BOM) + csvLine(cells));
        started = true;
      },
      end: async () => {
        if (!started) stream.write(CSV_BOM);
        stream.end();
      },
    };
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  return {
    stream,
    add: async (cells) => sheet.addRow(cells).commit(),
    end: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** Fills a writer in the background and hands its stream over at once; a failure ends the stream with the error. */
export function streamSheet(writer: SheetWriter, fill: (writer: SheetWriter) => Promise<void>): PassThrough {
  fill(writer)
    .then(() => writer.end())
    .catch((error: unknown) => writer.stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return writer.stream;
}
