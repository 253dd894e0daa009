/**
 * Markers of a document that a browser or a PDF reader would run, inside a file that passed its
 * magic-byte check (a PNG that is also an HTML page, a PDF with a script). A
 * payment voucher or a logo has no use for any of them; pictures' metadata (EXIF, XMP) holds none.
 * Matched case-insensitively over the whole file, which is at most a few MB.
 */
const ACTIVE_MARKERS = ['<script', '<html', '<!doctype', '<iframe', '<svg', '<body', '<object', '<embed', 'javascript:', '/javascript', '/launch'];

/** True when the bytes carry markup or a script a browser or reader could run (a polyglot). */
export function hasActiveContent(bytes: Buffer): boolean {
  const text = bytes.toString('latin1').toLowerCase();
  return ACTIVE_MARKERS.some((marker) => text.includes(marker));
}

/** The Content-Disposition of a stored upload: `attachment` with a plain ASCII file name, or `inline` for a picture shown in an <img>. */
export function uploadDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  return `${kind}; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
