import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROFILE_PHOTO_TYPE_MESSAGE } from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError, badRequest } from '../../lib/errors';

/** Photos are re-encoded to at most this many pixels a side (metadata stripped). */
const PHOTO_SIDE = 512;
const PHOTO_NAME = /^[a-f0-9]{32}\.(jpg|png)$/;

function photoDir(deps: AppDeps): string {
  return path.join(deps.config.dataDir, 'uploads', 'photos');
}

/**
 * Stores a profile photo: the type is decided from its bytes (jpeg or png only), then it is
 * re-encoded, which drops metadata and anything that is not a plain image. Answers its url.
 */
export async function storeProfilePhoto(deps: AppDeps, bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw badRequest('Please select a file.');
  // Loaded on the first upload, not at start.
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([import('file-type'), import('sharp')]);
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'image/jpeg' && type?.mime !== 'image/png') throw new AppError(415, PROFILE_PHOTO_TYPE_MESSAGE);
  const ext = type.mime === 'image/png' ? 'png' : 'jpg';
  let output: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(PHOTO_SIDE, PHOTO_SIDE, { fit: 'cover', withoutEnlargement: true });
    output = ext === 'png' ? await image.png({ compressionLevel: 9 }).toBuffer() : await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch {
    throw badRequest('The image could not be read. Please choose another photo.');
  }
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  const dir = photoDir(deps);
  await mkdir(dir, { recursive: true });
  const partial = path.join(dir, `${name}.partial`);
  await writeFile(partial, output);
  await rename(partial, path.join(dir, name));
  return `/api/users/photo/${name}`;
}

/** A stored photo's bytes and type, or null. Names are ours (random hex), never paths. */
export async function readProfilePhoto(deps: AppDeps, name: string): Promise<{ bytes: Buffer; type: string } | null> {
  const match = PHOTO_NAME.exec(name);
  if (!match) return null;
  try {
    const bytes = await readFile(path.join(photoDir(deps), name));
    return { bytes, type: match[1] === 'png' ? 'image/png' : 'image/jpeg' };
  } catch {
    return null;
  }
}
