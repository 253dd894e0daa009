import { inflateSync, constants as zlibConstants } from 'node:zlib';

/**
 * Whether a PDF is a plain document: pages to look at and nothing a reader would run, open, fetch
 * or submit. A payment voucher needs no actions, scripts, links, forms that submit, attached files
 * or encryption, so a PDF carrying any of them is refused whole rather than cleaned.
 *
 * The file is read the way a tolerant reader could read it, not only the way its cross-reference
 * table says: every object in the file in order (also those after %%EOF or not listed anywhere),
 * names with their #xx escapes decoded (/J#61vaScript is /JavaScript), and the objects packed inside
 * compressed object streams inflated and read too. Anything this reader cannot follow (an unknown
 * token, an object stream in a filter it does not decode, an object header hidden inside a string, a
 * comment or a stream where a repairing reader would find it) makes the file unreadable: refused.
 */
export type PdfVerdict = 'plain' | 'active' | 'unreadable';

/**
 * Names that only occur where a reader runs, opens, fetches or submits something: action types and
 * the keys that hold actions or scripts, attached files and their annotations, rich media and XFA
 * forms, and /Encrypt (an encrypted file's object streams cannot be read here). Compared ignoring case.
 */
const ACTIVE_NAMES = new Set(
  [
    'JS',
    'JavaScript',
    'OpenAction',
    'AA',
    'Launch',
    'URI',
    'SubmitForm',
    'ImportData',
    'GoToR',
    'GoToE',
    'Rendition',
    'Movie',
    'Sound',
    'RichMedia',
    'RichMediaExecute',
    'RichMediaContent',
    'EmbeddedFile',
    'EmbeddedFiles',
    'EF',
    'FileAttachment',
    'XFA',
    'Encrypt',
  ].map((name) => name.toLowerCase()),
);

/**
 * Markup a browser would render if it ever took the file for a page, looked for where text can hold
 * it (comments, strings, uncompressed streams): a voucher has no use for it. Compressed data is left
 * out, where such bytes occur by chance.
 */
const MARKUP = /<(script|html|!doctype|iframe|svg|body|object|embed)\b/i;

function refuseMarkup(bytes: Buffer, start: number, end: number): void {
  if (MARKUP.test(bytes.toString('latin1', start, end))) throw new Active();
}

/** An indirect object's header ("12 0 obj"), the pattern a repairing reader scans the raw file for. */
const OBJECT_HEADER = /(?<![0-9])[0-9]+[\0\t\n\f\r ]+[0-9]+[\0\t\n\f\r ]*obj(?![A-Za-z0-9])/g;

const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

class Unreadable extends Error {}
class Active extends Error {}

type PdfValue = number | string | boolean | null | { name: string } | { ref: [number, number] } | PdfValue[] | PdfDict;
interface PdfDict {
  dict: Map<string, PdfValue>;
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

type Token =
  | { kind: 'name'; value: string }
  | { kind: 'number'; value: number; integer: boolean }
  | { kind: 'string' }
  | { kind: 'punct'; value: '<<' | '>>' | '[' | ']' }
  | { kind: 'keyword'; value: string }
  | { kind: 'end' };

class Lexer {
  pos = 0;
  constructor(readonly bytes: Buffer) {}

  skipSpace(): void {
    const b = this.bytes;
    while (this.pos < b.length) {
      const c = b[this.pos];
      if (WHITESPACE.has(c)) this.pos++;
      else if (c === 0x25) {
        const start = this.pos;
        while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++;
        refuseMarkup(b, start, this.pos);
      } else break;
    }
  }

  next(): Token {
    this.skipSpace();
    const b = this.bytes;
    if (this.pos >= b.length) return { kind: 'end' };
    const c = b[this.pos];
    if (c === 0x2f) return { kind: 'name', value: this.name() };
    if (c === 0x28) {
      this.literalString();
      return { kind: 'string' };
    }
    if (c === 0x3c) {
      if (b[this.pos + 1] === 0x3c) {
        this.pos += 2;
        return { kind: 'punct', value: '<<' };
      }
      this.hexString();
      return { kind: 'string' };
    }
    if (c === 0x3e) {
      if (b[this.pos + 1] !== 0x3e) throw new Unreadable();
      this.pos += 2;
      return { kind: 'punct', value: '>>' };
    }
    if (c === 0x5b || c === 0x5d) {
      this.pos++;
      return { kind: 'punct', value: c === 0x5b ? '[' : ']' };
    }
    if (DELIMITERS.has(c)) throw new Unreadable();
    const start = this.pos;
    while (this.pos < b.length && !WHITESPACE.has(b[this.pos]) && !DELIMITERS.has(b[this.pos])) this.pos++;
    const word = b.toString('latin1', start, this.pos);
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { kind: 'number', value: Number(word), integer: /^[+-]?\d+$/.test(word) };
    if (/^[A-Za-z]+$/.test(word)) return { kind: 'keyword', value: word };
    throw new Unreadable();
  }

  /** A name with its #xx escapes decoded, as readers decode it ('#' without two hex digits stays itself). */
  private name(): string {
    const b = this.bytes;
    this.pos++;
    const out: number[] = [];
    while (this.pos < b.length && !WHITESPACE.has(b[this.pos]) && !DELIMITERS.has(b[this.pos])) {
      const c = b[this.pos];
      const hex = c === 0x23 ? b.toString('latin1', this.pos + 1, this.pos + 3) : '';
      if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
        out.push(parseInt(hex, 16));
        this.pos += 3;
      } else {
        out.push(c);
        this.pos++;
      }
    }
    return Buffer.from(out).toString('latin1');
  }

  private literalString(): void {
    const b = this.bytes;
    const start = this.pos;
    let depth = 0;
    while (this.pos < b.length) {
      const c = b[this.pos++];
      if (c === 0x5c) this.pos++;
      else if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) return refuseMarkup(b, start, this.pos);
    }
    throw new Unreadable();
  }

  private hexString(): void {
    const b = this.bytes;
    this.pos++;
    while (this.pos < b.length && b[this.pos] !== 0x3e) {
      const c = b[this.pos++];
      if (!WHITESPACE.has(c) && !/[0-9A-Fa-f]/.test(String.fromCharCode(c))) throw new Unreadable();
    }
    if (this.pos >= b.length) throw new Unreadable();
    this.pos++;
  }
}

class Reader {
  readonly lexer: Lexer;
  objectHeaders = 0;
  constructor(
    bytes: Buffer,
    private readonly streamsAllowed: boolean,
  ) {
    this.lexer = new Lexer(bytes);
  }

  private token(): Token {
    const token = this.lexer.next();
    if (token.kind === 'name' && ACTIVE_NAMES.has(token.value.toLowerCase())) throw new Active();
    return token;
  }

  /** A value after its first token: numbers followed by "gen R" become references. */
  private value(token: Token): PdfValue {
    switch (token.kind) {
      case 'name':
        return { name: token.value };
      case 'string':
        return '';
      case 'number': {
        if (token.integer) {
          const mark = this.lexer.pos;
          const gen = this.lexer.next();
          if (gen.kind === 'number' && gen.integer) {
            const r = this.lexer.next();
            if (r.kind === 'keyword' && r.value === 'R') return { ref: [token.value, gen.value] };
          }
          this.lexer.pos = mark;
        }
        return token.value;
      }
      case 'punct':
        if (token.value === '<<') return this.dictionary();
        if (token.value === '[') return this.array();
        throw new Unreadable();
      case 'keyword':
        if (token.value === 'true' || token.value === 'false') return token.value === 'true';
        if (token.value === 'null') return null;
        throw new Unreadable();
      default:
        throw new Unreadable();
    }
  }

  private dictionary(): PdfDict {
    const dict = new Map<string, PdfValue>();
    for (;;) {
      const key = this.token();
      if (key.kind === 'punct' && key.value === '>>') return { dict };
      if (key.kind !== 'name') throw new Unreadable();
      dict.set(key.value, this.value(this.token()));
    }
  }

  private array(): PdfValue[] {
    const items: PdfValue[] = [];
    for (;;) {
      const token = this.token();
      if (token.kind === 'punct' && token.value === ']') return items;
      items.push(this.value(token));
    }
  }

  /** Every top-level token of the file (objects, cross-reference tables, trailers) in order. */
  readAll(): void {
    let previous: PdfValue | undefined;
    let numbersBefore = 0;
    for (;;) {
      const token = this.token();
      if (token.kind === 'end') return;
      if (token.kind === 'keyword') {
        switch (token.value) {
          case 'obj':
            if (numbersBefore < 2) throw new Unreadable();
            this.objectHeaders++;
            break;
          case 'stream':
            if (!this.streamsAllowed || !previous || typeof previous !== 'object' || !('dict' in previous)) throw new Unreadable();
            this.stream(previous);
            break;
          case 'endobj':
          case 'R':
          case 'xref':
          case 'trailer':
          case 'startxref':
          case 'n':
          case 'f':
          case 'true':
          case 'false':
          case 'null':
            break;
          default:
            throw new Unreadable();
        }
        numbersBefore = 0;
        previous = undefined;
        continue;
      }
      if (token.kind === 'number') {
        numbersBefore++;
        previous = token.value;
        continue;
      }
      numbersBefore = 0;
      previous = this.value(token);
    }
  }

  /**
   * A stream's data runs from after `stream` to the first `endstream` (a /Length that ends elsewhere
   * is not trusted: what lies between is read as objects, which is stricter than either reading).
   * Object streams are inflated and read like the file.
   */
  private stream(header: PdfDict): void {
    const bytes = this.lexer.bytes;
    let start = this.lexer.pos;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    const end = bytes.indexOf('endstream', start, 'latin1');
    if (end < 0) throw new Unreadable();
    let dataEnd = end;
    const length = header.dict.get('Length');
    if (typeof length === 'number' && Number.isInteger(length) && length >= 0 && start + length <= end && /^[\0\t\n\f\r ]*$/.test(bytes.toString('latin1', start + length, end))) {
      dataEnd = start + length;
    }
    this.lexer.pos = end + 'endstream'.length;
    if (!header.dict.has('Filter') && !header.dict.has('F')) refuseMarkup(bytes, start, dataEnd);
    const type = header.dict.get('Type');
    const isObjectStream = (type && typeof type === 'object' && 'name' in type && type.name === 'ObjStm') || header.dict.has('First');
    if (!isObjectStream) return;
    const inner = new Reader(decode(bytes.subarray(start, dataEnd), header), false);
    inner.readAll();
  }
}

/** An object stream's data through its filters; only the ones object streams use in practice are decoded. */
function decode(data: Buffer, header: PdfDict): Buffer {
  if (header.dict.has('DecodeParms') || header.dict.has('DP')) throw new Unreadable();
  const filter = header.dict.get('Filter') ?? header.dict.get('F');
  const filters = filter === undefined ? [] : Array.isArray(filter) ? filter : [filter];
  let out = data;
  for (const f of filters) {
    const name = f && typeof f === 'object' && 'name' in f ? f.name : null;
    if (name === 'FlateDecode' || name === 'Fl') {
      try {
        out = inflateSync(out, { finishFlush: zlibConstants.Z_SYNC_FLUSH, maxOutputLength: MAX_INFLATED_BYTES });
      } catch {
        throw new Unreadable();
      }
    } else if (name === 'ASCIIHexDecode' || name === 'AHx') {
      const hex = out.toString('latin1').replace(/[\0\t\n\f\r ]/g, '').replace(/>.*$/s, '');
      if (!/^[0-9A-Fa-f]*$/.test(hex)) throw new Unreadable();
      out = Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
    } else {
      throw new Unreadable();
    }
  }
  return out;
}

export function inspectPdf(bytes: Buffer): PdfVerdict {
  const text = bytes.toString('latin1');
  if (!text.startsWith('%PDF-')) return 'unreadable';
  const reader = new Reader(bytes, true);
  try {
    reader.readAll();
  } catch (error) {
    if (error instanceof Active) return 'active';
    if (error instanceof Unreadable || error instanceof RangeError) return 'unreadable';
    throw error;
  }
  // More object headers in the raw bytes than objects read: one hides in a string, comment or stream.
  const headers = text.match(OBJECT_HEADER)?.length ?? 0;
  return headers === reader.objectHeaders ? 'plain' : 'unreadable';
}
