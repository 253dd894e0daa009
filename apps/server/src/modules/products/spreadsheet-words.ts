import { LANGUAGE_CODES as LANGUAGES, type LanguageCode } from '@shopdesk/shared/languages';
import { SHEET_COLUMNS, type SheetColumn } from '@shopdesk/shared/products/spreadsheet';
import { catalogs } from '../../i18n/catalogs.ts';
import { translate } from '../../i18n/translate.ts';

/** The words of a product sheet in one language: its column headers and yes/no. */
export function sheetWords(lang: LanguageCode) {
  return {
    header: (column: SheetColumn | 'row' | 'result' | 'changes' | 'errors') => translate(lang, `sheet.header.${column}`),
    yesNo: (value: boolean) => translate(lang, value ? 'sheet.yes' : 'sheet.no'),
  };
}

const normalize = (text: string) => text.toLowerCase().replace(/[\s_\-()（）%]/g, '');

/**
 * A header cell → its column, whatever language the sheet was exported in (a seller may switch
 * language between export and import): the column's key or its header in any of the 9 languages.
 */
const HEADERS = new Map<string, SheetColumn>(
  SHEET_COLUMNS.flatMap((column) => [[normalize(column), column] as const, ...LANGUAGES.map((lang) => [normalize(catalogs[lang][`sheet.header.${column}`]), column] as const)]),
);
export const columnOfHeader = (text: string): SheetColumn | undefined => HEADERS.get(normalize(text));

/** Yes and no in any of the 9 languages, and the usual spellings of a flag. */
const YES = new Set(['yes', 'y', 'true', '1', 'on_sale', ...LANGUAGES.map((lang) => catalogs[lang]['sheet.yes'].toLowerCase())]);
const NO = new Set(['no', 'n', 'false', '0', 'off_sale', ...LANGUAGES.map((lang) => catalogs[lang]['sheet.no'].toLowerCase())]);
/** A yes/no cell; undefined when it is neither. */
export function yesNoOf(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  return YES.has(t) ? true : NO.has(t) ? false : undefined;
}
