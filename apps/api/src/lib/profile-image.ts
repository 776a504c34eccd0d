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
 * Uploaded pictures: read from a multipart upload, judged by their bytes (never the name or the declared type),
 * re-encoded to WebP (which also drops EXIF data such as GPS position, and anything appended after the image, such as
 * a script) and kept under DATA_DIR/uploads/<folder>/, public at /uploads/<folder>/… under an unguessable name.
 * Profile pictures of patients and providers are a 512 px square; staff gallery images (docs/staff-admin.md) keep
 * their shape, at most 1920 px wide.
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
export function readProfileImageUpload(req: FastifyRequest): Promise<Buffer> {
  return readImageUpload(req, 'profile_image');
}

/** The picture in a multipart request's file field, at most 5 MB; the other (text) fields of the form come back too. */
export async function readImageUploadWithFields(
  req: FastifyRequest,
  field: string,
  opts: { required: boolean },
): Promise<{ image: Buffer | null; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new ValidationError(`Send the form as multipart/form-data, the picture in the field ${field}.`);
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 10_000 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw new AppError(413, FILE_TOO_LARGE, 'FILE_TOO_LARGE');
        if (part.fieldname === field && data.length > 0) image = data;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (!image && opts.required) throw new ValidationError('Choose a picture to upload.', { [field]: 'Choose a picture to upload.' });
  return { image, fields };
}

/** The picture of a multipart request in the given field, at most 5 MB. */
export async function readImageUpload(req: FastifyRequest, field: string): Promise<Buffer> {
  if (!req.isMultipart()) throw new ValidationError(`Send the picture as multipart/form-data in the field ${field}.`);
  let file: Awaited<ReturnType<typeof req.file>>;
  let data: Buffer;
  try {
    file = await req.file({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 } });
    if (!file) throw new ValidationError('Choose a picture to upload.', { [field]: 'Choose a picture to upload.' });
    data = await file.toBuffer();
  } catch (err) {
    throw uploadError(err);
  }
  if (file.file.truncated) throw new AppError(413, FILE_TOO_LARGE, 'FILE_TOO_LARGE');
  if (data.length === 0) throw new ValidationError('That file is empty. Choose a picture.', { [field]: 'That file is empty.' });
  return data;
}

/** Checks, resizes and stores a profile picture; answers its public path. */
export function storeProfileImage(config: Pick<Config, 'DATA_DIR'>, data: Buffer): Promise<string> {
  return storeImage(config, data, { folder: PROFILE_UPLOAD_FOLDER, square: PROFILE_IMAGE_SIZE });
}

export const GALLERY_UPLOAD_FOLDER = 'gallery';
export const GALLERY_IMAGE_MAX_WIDTH = 1920;

/** Checks, re-encodes and stores a picture: a `square` of that size, or at most `maxWidth` wide; its public path. */
export async function storeImage(
  config: Pick<Config, 'DATA_DIR'>,
  data: Buffer,
  opts: { folder: string; square?: number; maxWidth?: number },
): Promise<string> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !(PROFILE_IMAGE_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError(415, 'Choose a JPEG, PNG or WebP picture.', 'UNSUPPORTED_IMAGE');
  }
  let output: Buffer;
  try {
    const image = sharp(data, { limitInputPixels: 40_000_000 }).rotate();
    const sized = opts.square
      ? image.resize(opts.square, opts.square, { fit: 'cover', position: 'attention' })
      : image.resize({ width: opts.maxWidth ?? GALLERY_IMAGE_MAX_WIDTH, withoutEnlargement: true });
    output = await sized.webp({ quality: 82 }).toBuffer();
  } catch {
    throw new AppError(415, 'That picture could not be read. Choose another JPEG, PNG or WebP file.', 'UNSUPPORTED_IMAGE');
  }
  const folder = path.join(uploadsRoot(config), opts.folder);
  await mkdir(folder, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await writeFile(path.join(folder, name), output);
  return `/uploads/${opts.folder}/${name}`;
}

/** Deletes an upload by its public path (nothing outside DATA_DIR/uploads, whatever the path says). */
export async function removeUpload(config: Pick<Config, 'DATA_DIR'>, publicPath: string): Promise<void> {
  if (!publicPath.startsWith('/uploads/')) return;
  const target = path.resolve(uploadsRoot(config), publicPath.slice('/uploads/'.length));
  if (!target.startsWith(uploadsRoot(config) + path.sep)) return;
  await rm(target, { force: true });
}
