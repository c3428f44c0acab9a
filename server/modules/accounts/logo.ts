import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ACCOUNT_ERRORS, ACCOUNT_TEXT, LOGO_MAX_BYTES, LOGO_MAX_SIDE_PX, LOGO_STORED_SIDE_PX, type TAccountInfo } from '../../../contract/accounts.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { AppDb } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { AccountActor } from './access.js';
import { presentInfo } from './presenter.js';

/** Raster formats a logo may arrive in, recognised by their first bytes (never by name or declared type). */
const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
/** file-type needs at most this many leading bytes to recognise a format. */
const SNIFF_BYTES = 4100;
/** Multipart framing around the file: boundaries and part headers. */
const MULTIPART_SLACK = 64 * 1024;
/** Server-chosen names: 128 random bits; the only names GET /a/logo/{file} serves. */
export const LOGO_FILE = /^[0-9a-f]{32}\.png$/;

const notImage = () => new AppError(415, 'logo_not_image', ACCOUNT_TEXT.notImage, { logo: [ACCOUNT_TEXT.notImage] });
const tooLarge = () => new AppError(413, 'logo_too_large', ACCOUNT_TEXT.tooLarge, { logo: [ACCOUNT_TEXT.tooLarge] });

export const logoDir = (dataDir: string) => path.join(dataDir, 'uploads', 'logos');

/** Refuses an upload that declares more than the limit before a byte of it is read. */
export function checkDeclaredLength(request: FastifyRequest): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > LOGO_MAX_BYTES + MULTIPART_SLACK) throw tooLarge();
}

/**
 * Reads the one file of a multipart upload, keeping at most LOGO_MAX_BYTES in memory: the read
 * stops (and the upload is refused) the moment the limit is passed or the first bytes show the
 * file is not an accepted image, so a 6 MB or mislabelled upload is never held whole.
 */
export async function readLogoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, ErrorCode.unsupportedMediaType, 'Send the logo as multipart/form-data with a "logo" file field.');
  // "Less than 5MB": a file of exactly 5 MB is one byte too many.
  const part = await request.file({ limits: { fileSize: LOGO_MAX_BYTES - 1, files: 1, parts: 4, fieldSize: 1024 }, throwFileSizeLimit: false });
  if (!part) throw new AppError(400, 'logo_missing', ACCOUNT_ERRORS.logoMissing, { logo: [ACCOUNT_ERRORS.logoMissing] });
  const chunks: Buffer[] = [];
  let size = 0;
  let sniffed = false;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    // Leaving the loop destroys the file stream: busboy stops and nothing more is kept.
    if (part.file.truncated) throw tooLarge();
    chunks.push(chunk);
    size += chunk.length;
    if (!sniffed && size >= SNIFF_BYTES) {
      sniffed = true;
      await requireImage(Buffer.concat(chunks));
    }
  }
  if (part.file.truncated) throw tooLarge();
  if (size === 0) throw new AppError(400, 'logo_empty', ACCOUNT_TEXT.notImage, { logo: ['The file is empty.'] });
  const buffer = Buffer.concat(chunks, size);
  if (!sniffed) await requireImage(buffer);
  return buffer;
}

async function requireImage(head: Buffer): Promise<void> {
  const type = await fileTypeFromBuffer(head);
  if (!type || !ACCEPTED.has(type.mime)) throw notImage();
}

/**
 * Checks the declared pixel size from the image header before decoding anything, then decodes
 * (first frame only, EXIF orientation applied, metadata dropped) and re-encodes as a PNG that
 * fits in LOGO_STORED_SIDE_PX: whatever was uploaded, only pixels we wrote are ever served.
 */
export async function normaliseLogo(input: Buffer): Promise<Buffer> {
  const limitInputPixels = LOGO_MAX_SIDE_PX * LOGO_MAX_SIDE_PX;
  const { default: sharp } = await import('sharp');
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw new AppError(400, 'logo_unreadable', ACCOUNT_ERRORS.logoUnreadable, { logo: [ACCOUNT_ERRORS.logoUnreadable] });
  }
  if (!width || !height) throw new AppError(400, 'logo_unreadable', ACCOUNT_ERRORS.logoUnreadable, { logo: [ACCOUNT_ERRORS.logoUnreadable] });
  if (width > LOGO_MAX_SIDE_PX || height > LOGO_MAX_SIDE_PX) throw new AppError(400, 'logo_dimensions', ACCOUNT_ERRORS.logoDimensions, { logo: [ACCOUNT_ERRORS.logoDimensions] });
  try {
    return await sharp(input, { limitInputPixels, failOn: 'error' })
      .rotate()
      .resize({ width: LOGO_STORED_SIDE_PX, height: LOGO_STORED_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw new AppError(400, 'logo_unreadable', ACCOUNT_ERRORS.logoUnreadable, { logo: [ACCOUNT_ERRORS.logoUnreadable] });
  }
}

async function removeFile(dataDir: string, file: string | null): Promise<void> {
  if (!file || !LOGO_FILE.test(file)) return;
  await unlink(path.join(logoDir(dataDir), file)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** Points the account at the new file, then deletes the file it replaces. */
async function setLogo(db: AppDb, dataDir: string, actor: AccountActor, file: string | null): Promise<TAccountInfo> {
  const { account, previous } = await db.transaction(async (tx) => {
    const [current] = await tx.select({ logoPath: accounts.logoPath }).from(accounts).where(eq(accounts.id, actor.accountId)).for('update');
    const [account] = await tx.update(accounts).set({ logoPath: file }).where(eq(accounts.id, actor.accountId)).returning();
    return { account: account!, previous: current?.logoPath ?? null };
  });
  if (previous !== file) await removeFile(dataDir, previous);
  return presentInfo(account, actor.canEdit);
}

/** POST /a/upload-logo/: stores the re-encoded logo under a server-chosen name. */
export async function uploadLogo(db: AppDb, dataDir: string, actor: AccountActor, request: FastifyRequest): Promise<TAccountInfo> {
  const png = await normaliseLogo(await readLogoUpload(request));
  const dir = logoDir(dataDir);
  await mkdir(dir, { recursive: true });
  const file = `${randomBytes(16).toString('hex')}.png`;
  const temporary = path.join(dir, `${file}.part`);
  await writeFile(temporary, png, { mode: 0o640 });
  await rename(temporary, path.join(dir, file));
  try {
    return await setLogo(db, dataDir, actor, file);
  } catch (error) {
    await removeFile(dataDir, file);
    throw error;
  }
}

/** DELETE /a/delete-logo/. */
export async function deleteLogo(db: AppDb, dataDir: string, actor: AccountActor): Promise<TAccountInfo> {
  return setLogo(db, dataDir, actor, null);
}

/** The stored PNG for GET /a/logo/{file}, or undefined. */
export async function readLogo(dataDir: string, file: string): Promise<Buffer | undefined> {
  if (!LOGO_FILE.test(file)) return undefined;
  return readFile(path.join(logoDir(dataDir), file)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}
