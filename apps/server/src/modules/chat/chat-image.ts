import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHAT } from '@shopdesk/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { chatMessages } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { readParts } from '../../lib/multipart-parts.ts';
import { PICTURE_TYPES, redrawPicture, type PictureType } from '../../lib/picture-files.ts';
import { uploadDisposition } from '../../lib/upload-content.ts';
import { UPLOAD_CSP } from '../../plugins/security-headers.ts';
import type { ChatMessage } from '@shopdesk/shared/chat/schemas';
import type { ChatParty } from './chat-party.ts';
import { sendMessage } from './chat-service.ts';

const FOLDER = 'chat';
const FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;
const tooLarge = () => new AppError('FILE_TOO_LARGE', { maxMb: CHAT.IMAGE_MAX_BYTES / 1024 / 1024 });

/**
 * Reads a picture message (multipart: `conversationId`, `image`): the picture is checked by its
 * bytes (PNG, JPEG, GIF or WebP whatever its name says), at most CHAT.IMAGE_MAX_BYTES, drawn again
 * from its pixels, and stored under a random name in the private chat folder.
 */
async function readChatImage(request: FastifyRequest, uploadsDir: string): Promise<{ conversationId: number; imageFile: string }> {
  if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
  let conversationId = 0;
  let bytes: Buffer | null = null;
  await readParts(request, async (part) => {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      });
      if (part.fieldname === 'image') bytes = data;
    } else if (part.fieldname === 'conversationId') {
      const value = Number(String(part.value ?? ''));
      conversationId = Number.isSafeInteger(value) && value > 0 ? value : 0;
    }
  });
  if (!conversationId) throw new AppError('VALIDATION_FAILED');
  const picture = await redrawPicture(bytes, CHAT.IMAGE_MAX_BYTES, {
    required: () => new AppError('FILE_REQUIRED'),
    tooLarge,
    invalid: () => new AppError('INVALID_FILE_TYPE'),
  });
  const dir = path.join(uploadsDir, FOLDER);
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${picture.type}`;
  await fs.writeFile(path.join(dir, name), picture.bytes, { flag: 'wx' });
  return { conversationId, imageFile: name };
}

/** Removes a stored chat picture whose message was refused. */
async function discardChatImage(uploadsDir: string, name: string): Promise<void> {
  if (FILE_NAME.test(name)) await fs.rm(path.join(uploadsDir, FOLDER, name), { force: true });
}

/** A picture message from either side (multipart, readChatImage): stored, then sent; a refused message leaves no file behind. */
export async function sendPictureMessage(request: FastifyRequest, db: DbOrTx, uploadsDir: string, party: ChatParty): Promise<ChatMessage[]> {
  const { conversationId, imageFile } = await readChatImage(request, uploadsDir);
  try {
    return await sendMessage(db, party, conversationId, { imageFile });
  } catch (error) {
    await discardChatImage(uploadsDir, imageFile);
    throw error;
  }
}

/** The picture of a message in the caller's own conversation (another's answers NOT_FOUND). */
export async function ownChatImage(db: DbOrTx, party: ChatParty, messageId: number): Promise<string> {
  const owner = party.side === 'seller' ? eq(chatMessages.shopId, party.shopId) : eq(chatMessages.buyerId, party.buyerId);
  const [row] = await db.select({ file: chatMessages.imageFile }).from(chatMessages).where(and(eq(chatMessages.id, messageId), owner)).limit(1);
  if (!row?.file || !FILE_NAME.test(row.file)) throw new AppError('NOT_FOUND');
  return row.file;
}

/** Sends a chat picture: private (only the two sides fetch it, with their token), never sniffed, under a sandbox CSP. */
export function sendChatImage(reply: FastifyReply, uploadsDir: string, name: string) {
  const file = path.join(uploadsDir, FOLDER, name);
  if (!existsSync(file)) throw new AppError('NOT_FOUND');
  const type = name.slice(name.lastIndexOf('.') + 1) as PictureType;
  return reply
    .type(PICTURE_TYPES[type].mime)
    .header('cache-control', 'private, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', UPLOAD_CSP)
    .header('content-disposition', uploadDisposition('inline', name))
    .send(createReadStream(file));
}
