/** A LIKE/ILIKE pattern matching `text` anywhere, with the wildcards in it taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows of a raw `db.execute` result on either driver (node-postgres answers { rows }, PGlite too). */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));
