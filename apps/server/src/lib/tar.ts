/**
 * The few parts of the tar format (POSIX ustar) the backups need: writing regular files into a
 * gzipped archive and reading them back, as streams, so an uploads folder of any size never sits in
 * memory. Any `tar` reads the archives (`tar tzf backup.tar.gz`). No links, devices or long names
 * beyond ustar's 255 characters.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;

export interface TarEntry {
  /** The path inside the archive, with forward slashes. */
  name: string;
  /** The content: bytes, or a file to stream (its size read when it is written). */
  data: Buffer | { file: string };
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`tar: name too long: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  block.write(base, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

async function* archiveChunks(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    if (Buffer.isBuffer(entry.data)) {
      yield header(entry.name, entry.data.length, new Date());
      yield entry.data;
      yield padding(entry.data.length);
      continue;
    }
    // A file that went away since it was listed (a refused deposit's screenshot) is left out.
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(entry.data.file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    try {
      const stat = await handle.stat();
      yield header(entry.name, stat.size, stat.mtime);
      let written = 0;
      const chunk = Buffer.alloc(64 * 1024);
      while (written < stat.size) {
        const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, stat.size - written), written);
        if (bytesRead === 0) break;
        written += bytesRead;
        yield Buffer.from(chunk.subarray(0, bytesRead));
      }
      // A file that shrank while it was read is padded to the size its header announced.
      if (written < stat.size) yield Buffer.alloc(stat.size - written);
      yield padding(stat.size);
    } finally {
      await handle.close();
    }
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Writes a gzipped tar of `entries` to `file`, through a temporary file renamed at the end: no half archive ever has the name. */
export async function writeArchive(file: string, entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): Promise<number> {
  const partial = `${file}.${process.pid}.partial`;
  try {
    await pipeline(Readable.from(archiveChunks(entries)), createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return fs.statSync(file).size;
}

/** Where an entry of the archive goes: a file path, or null to skip it. */
export type EntryTarget = (name: string, size: number) => string | null;

/** A name from an archive, refused when it would leave the folder it is extracted into. */
export function safeEntryName(name: string): string {
  const normalized = path.posix.normalize(name);
  if (normalized.startsWith('/') || normalized === '..' || normalized.startsWith('../') || normalized.includes('\0')) throw new Error(`archive: unsafe entry name "${name}"`);
  return normalized;
}

/** Reads a gzipped tar, writing each regular file where `target` says. Answers the names of the entries written. */
export async function readArchive(file: string, target: EntryTarget): Promise<string[]> {
  const written: string[] = [];
  let buffered: Buffer = Buffer.alloc(0);
  let remaining = 0;
  let pad = 0;
  let fd: number | null = null;
  let ended = false;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      try {
        buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
        while (buffered.length > 0 && !ended) {
          if (remaining > 0) {
            const take = Math.min(remaining, buffered.length);
            if (fd !== null) fs.writeSync(fd, buffered, 0, take);
            buffered = buffered.subarray(take);
            remaining -= take;
            if (remaining === 0 && fd !== null) {
              fs.closeSync(fd);
              fd = null;
            }
            continue;
          }
          if (pad > 0) {
            const take = Math.min(pad, buffered.length);
            buffered = buffered.subarray(take);
            pad -= take;
            continue;
          }
          if (buffered.length < BLOCK) break;
          const block = buffered.subarray(0, BLOCK);
          buffered = buffered.subarray(BLOCK);
          if (block.every((byte) => byte === 0)) {
            ended = true;
            break;
          }
          const text = (start: number, length: number) => block.toString('utf8', start, start + length).replace(/\0.*$/s, '');
          const size = parseInt(text(124, 12).trim() || '0', 8);
          const type = text(156, 1) || '0';
          const prefix = text(345, 155);
          const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
          remaining = size;
          pad = (BLOCK - (size % BLOCK)) % BLOCK;
          if (type !== '0') continue;
          const destination = target(safeEntryName(name), size);
          if (destination === null) continue;
          fs.mkdirSync(path.dirname(destination), { recursive: true });
          fd = fs.openSync(destination, 'w', 0o600);
          written.push(name);
          if (size === 0) {
            fs.closeSync(fd);
            fd = null;
          }
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  try {
    await pipeline(fs.createReadStream(file), createGunzip(), sink);
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
  if (!ended || remaining > 0) throw new Error(`${file} is not a complete archive (it ends in the middle)`);
  return written;
}
