// The one CSV writer: the server's exports and the operator console's, written in the browser.
/** One cell as RFC 4180 text; a cell that starts a formula is quoted as text. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line with its CRLF, for writers that stream rows instead of building the whole text. */
export function csvLine(row: (string | number)[]): string {
  return `${row.map(csvCell).join(',')}\r\n`;
}

/** The byte order mark a CSV starts with, so spreadsheet apps read it as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** RFC 4180 CSV with a BOM (spreadsheet apps then read UTF-8); a cell that starts a formula is quoted as text. */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  return CSV_BOM + [header, ...rows].map(csvLine).join('');
}
