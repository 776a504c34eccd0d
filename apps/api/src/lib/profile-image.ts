import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@careslot/contracts/patients';
import type { Config } from '../config';
import { AppError, ValidationError } from './errors';

/**
 * Profile pictures of patients and providers: read from a multipart upload, judged by their bytes (never the name or
 * the declared type), re-encoded to a 512 px square WebP (which also drops EXIF data such as GPS position) and kept
 * under DATA_DIR/uploads/profile/, public at /uploads/profile/… under an unguessable name.
 */
export const PROFILE_IMAGE_SIZE = 512;
export const PROFILE_UPLOAD_FOLDER = 'profile';
const FILE_TOO_LARGE = 'The picture is larger than 5 MB. Choose a smaller one.';

export function uploadsRoot(config: Pick<Config, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'uploads');
}

/** A broken or oversized upload is the sender's problem (4xx), never a 500. */
function uploadError(err: unknown): Error {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; statusCode?: number; message?: string };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, FILE_TOO_LARGE, 'FILE_TOO_LARGE');
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return err as Error;
  // busboy's parse errors ("Multipart: Boundary not found", "Unexpected end of multipart data") carry no status.
  if (/multipart|unexpected end|boundary|malformed/i.test(e.message ?? '')) {
    return new ValidationError('The upload could not be read. Choose the picture again and retry.', {
      profile_image: 'The upload could not be read.',
    });
  }
  return err instanceof Error ? err : new Error(String(err));
}

/** The picture of a multipart request (field profile_image), at most 5 MB. */
export async function readProfileImageUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new ValidationError('Send the picture as multipart/form-data in the field profile_image.');
  let file: Awaited<ReturnType<typeof req.file>>;
  let data: Buffer;
  try {
    file = await req.file({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 } });
    if (!file) throw new ValidationError('Choose a picture to upload.', { profile_image: 'Choose a picture to upload.' });
    data = await file.toBuffer();
  } catch (err) {
    throw uploadError(err);
  }
  if (file.file.truncated) throw new AppError(413, FILE_TOO_LARGE, 'FILE_TOO_LARGE');
  if (data.length === 0) throw new ValidationError('That file is empty. Choose a picture.', { profile_image: 'That file is empty.' });
  return data;
}

/** Checks, resizes and stores a picture; answers its public path. */
export async function storeProfileImage(config: Pick<Config, 'DATA_DIR'>, data: Buffer): Promise<string> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !(PROFILE_IMAGE_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError(415, 'Choose a JPEG, PNG or WebP picture.', 'UNSUPPORTED_IMAGE');
  }
  let output: Buffer;
  try {
    output = await sharp(data, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError(415, 'That picture could not be read. Choose another JPEG, PNG or WebP file.', 'UNSUPPORTED_IMAGE');
  }
  const folder = path.join(uploadsRoot(config), PROFILE_UPLOAD_FOLDER);
  await mkdir(folder, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await writeFile(path.join(folder, name), output);
  return `/uploads/${PROFILE_UPLOAD_FOLDER}/${name}`;
}

/** Deletes an upload by its public path (nothing outside DATA_DIR/uploads, whatever the path says). */
export async function removeUpload(config: Pick<Config, 'DATA_DIR'>, publicPath: string): Promise<void> {
  if (!publicPath.startsWith('/uploads/')) return;
  const target = path.resolve(uploadsRoot(config), publicPath.slice('/uploads/'.length));
  if (!target.startsWith(uploadsRoot(config) + path.sep)) return;
  await rm(target, { force: true });
}
