import type { Sharp } from 'sharp';
import { KYC_ACCEPTED_MIME_TYPES, KYC_MESSAGES } from '@app/shared';
import { AppError } from '../../lib/errors';

/**
 * Checks one uploaded KYC document and makes the copy we keep:
 * - the type comes from the bytes (file-type), never from the name or declared type;
 * - images are decoded and re-encoded, which drops EXIF/GPS/XMP metadata and anything
 *   appended to or hidden in the file; orientation is applied first;
 * - PDFs must pass a structural check and carry no active content we can see.
 *
 * Limits of what this machine can decode, decided here:
 * - HEIC: the prebuilt sharp has no HEVC decoder, so a HEIC whose container checks out is
 *   kept as uploaded (its `ftyp` box verified) and served to staff as a download.
 *   If sharp can decode it (AVIF-coded HEIF), it is re-encoded to JPEG like any image.
 * - BMP: sharp cannot read BMP, so uncompressed 1/4/8/24/32-bit BMPs are decoded here and
 *   stored as PNG; compressed variants (RLE, JPEG/PNG-in-BMP) are refused as invalid.
 */
export interface PreparedDocument {
  bytes: Buffer;
  mime: string;
  /** Whether the stored bytes were re-encoded (false only for undecodable HEIC). */
  reencoded: boolean;
}

export const invalidFormat = () => new AppError(415, KYC_MESSAGES.invalidFormat);

/** Names the type found in the bytes of a refused document (the type is decided from them, never from the name). */
export async function describeRefusedDocument(input: Buffer, filename: string | undefined): Promise<string> {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(input);
  const name = filename ? displayName(filename) : 'the file';
  if (!detected) return `The contents of ${name} are not an image or PDF we recognise.`;
  const kind = `${detected.mime} (${detected.ext.toUpperCase()})`;
  return (KYC_ACCEPTED_MIME_TYPES as readonly string[]).includes(detected.mime) || detected.mime === 'image/heif'
    ? `The contents of ${name} are ${kind} but could not be read: the file may be damaged, incomplete or carry active content.`
    : `The contents of ${name} are ${kind}, not an accepted type.`;
}

/** sharp refuses images larger than this many pixels (decompression bombs). */
const MAX_INPUT_PIXELS = 100_000_000;

/** Loaded on the first upload, not at start (sharp and file-type cost 75 ms of start-up). */
const loadSharp = () => import('sharp').then((module) => module.default);

export async function prepareKycDocument(input: Buffer): Promise<PreparedDocument> {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(input);
  switch (detected?.mime) {
    case 'image/jpeg':
      return reencode(input, 'jpeg');
    case 'image/png':
    case 'image/gif':
      return reencode(input, 'png');
    case 'image/webp':
      return reencode(input, 'webp');
    case 'image/bmp':
      return reencodeBmp(input);
    case 'image/heic':
    case 'image/heif':
      return prepareHeic(input);
    case 'application/pdf':
      checkPdf(input);
      return { bytes: input, mime: 'application/pdf', reencoded: false };
    default:
      throw invalidFormat();
  }
}

async function reencode(input: Buffer | Sharp, format: 'jpeg' | 'png' | 'webp'): Promise<PreparedDocument> {
  const sharp = await loadSharp();
  try {
    const image = (Buffer.isBuffer(input) ? sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }) : input).rotate();
    const output =
      format === 'jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : format === 'webp'
          ? image.webp({ quality: 90 })
          : image.png({ compressionLevel: 9 });
    // sharp writes no metadata unless asked (no withMetadata/keepMetadata here).
    const bytes = await output.toBuffer();
    return { bytes, mime: `image/${format}`, reencoded: true };
  } catch {
    throw invalidFormat();
  }
}

async function prepareHeic(input: Buffer): Promise<PreparedDocument> {
  if (!validIsoBmff(input)) throw invalidFormat();
  const sharp = await loadSharp();
  try {
    await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return await reencode(input, 'jpeg');
  } catch {
    // No HEVC decoder here: keep the original after the container check (see above).
    return { bytes: input, mime: 'image/heic', reencoded: false };
  }
}

/** Every top-level box of an ISO-BMFF file (ftyp, meta, mdat...) has a sane size and a printable type. */
function validIsoBmff(input: Buffer): boolean {
  let offset = 0;
  let boxes = 0;
  while (offset < input.length) {
    if (offset + 8 > input.length) return false;
    let size = input.readUInt32BE(offset);
    const type = input.subarray(offset + 4, offset + 8);
    if (!type.every((byte) => byte >= 0x20 && byte < 0x7f)) return false;
    if (boxes === 0 && type.toString('latin1') !== 'ftyp') return false;
    if (size === 1) {
      if (offset + 16 > input.length) return false;
      const large = input.readBigUInt64BE(offset + 8);
      if (large > BigInt(input.length)) return false;
      size = Number(large);
    } else if (size === 0) {
      size = input.length - offset;
    }
    if (size < 8 || offset + size > input.length) return false;
    offset += size;
    boxes += 1;
  }
  return boxes >= 2;
}

/** Uncompressed BMP to raw RGBA, then PNG through sharp. */
async function reencodeBmp(input: Buffer): Promise<PreparedDocument> {
  const decoded = decodeBmp(input);
  if (!decoded) throw invalidFormat();
  const sharp = await loadSharp();
  return reencode(
    sharp(decoded.pixels, { raw: { width: decoded.width, height: decoded.height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS }),
    'png',
  );
}

export function decodeBmp(input: Buffer): { width: number; height: number; pixels: Buffer } | null {
  if (input.length < 54 || input.toString('latin1', 0, 2) !== 'BM') return null;
  const dataOffset = input.readUInt32LE(10);
  const headerSize = input.readUInt32LE(14);
  if (![40, 52, 56, 108, 124].includes(headerSize) || 14 + headerSize > input.length) return null;
  const width = input.readInt32LE(18);
  const rawHeight = input.readInt32LE(22);
  const planes = input.readUInt16LE(26);
  const bpp = input.readUInt16LE(28);
  const compression = input.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  const bottomUp = rawHeight > 0;
  if (planes !== 1 || width <= 0 || height <= 0 || width * height > MAX_INPUT_PIXELS) return null;
  if (![1, 4, 8, 24, 32].includes(bpp)) return null;
  // 0 = BI_RGB; 3 = BI_BITFIELDS, accepted for 32-bit with the usual BGRA masks.
  if (compression === 3) {
    if (bpp !== 32) return null;
    const masks = headerSize >= 52 ? [input.readUInt32LE(54), input.readUInt32LE(58), input.readUInt32LE(62)] : null;
    if (!masks || masks[0] !== 0x00ff0000 || masks[1] !== 0x0000ff00 || masks[2] !== 0x000000ff) return null;
  } else if (compression !== 0) {
    return null;
  }
  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (dataOffset < 14 + headerSize || dataOffset + stride * height > input.length) return null;

  let palette: Buffer | null = null;
  if (bpp <= 8) {
    const declared = input.readUInt32LE(46);
    const colours = declared === 0 ? 2 ** bpp : declared;
    const paletteStart = 14 + headerSize;
    if (colours > 2 ** bpp || paletteStart + colours * 4 > dataOffset) return null;
    palette = input.subarray(paletteStart, paletteStart + colours * 4);
  }

  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const row = dataOffset + (bottomUp ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x += 1) {
      const out = (y * width + x) * 4;
      let b: number;
      let g: number;
      let r: number;
      let a = 255;
      if (palette) {
        const bitOffset = x * bpp;
        const byte = input[row + (bitOffset >> 3)]!;
        const index = bpp === 8 ? byte : (byte >> (8 - bpp - (bitOffset & 7))) & ((1 << bpp) - 1);
        if (index * 4 + 3 > palette.length) return null;
        b = palette[index * 4]!;
        g = palette[index * 4 + 1]!;
        r = palette[index * 4 + 2]!;
      } else {
        const at = row + x * (bpp / 8);
        b = input[at]!;
        g = input[at + 1]!;
        r = input[at + 2]!;
        if (bpp === 32 && compression === 3) a = input[at + 3]!;
      }
      pixels[out] = r;
      pixels[out + 1] = g;
      pixels[out + 2] = b;
      pixels[out + 3] = a;
    }
  }
  return { width, height, pixels };
}

/** PDF names that run code, open other files or carry attachments. */
const ACTIVE_PDF_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA', 'SubmitForm', 'ImportData']);

/**
 * A structural check: header, an end-of-file marker, a startxref that points at a
 * cross-reference table (followed by a trailer naming /Root) or a cross-reference stream
 * object (or, when the offset is off, such a table or stream exists to rebuild from), and
 * at least one object. Also refuses visible active content (names decoded from #xx escapes);
 * content inside compressed object streams is not inspected, so PDFs are still only ever
 * served to staff, as attachments, with nosniff.
 */
export function checkPdf(input: Buffer): void {
  const text = input.toString('latin1');
  if (!/^%PDF-[12]\.\d/.test(text.slice(0, 8))) throw invalidFormat();
  const tail = text.slice(-2048);
  if (!tail.includes('%%EOF')) throw invalidFormat();
  const startxrefAt = text.lastIndexOf('startxref');
  if (startxrefAt < 0) throw invalidFormat();
  const offsetMatch = /^startxref\s+(\d+)\s/.exec(text.slice(startxrefAt, startxrefAt + 40));
  if (!offsetMatch) throw invalidFormat();
  const xrefOffset = Number(offsetMatch[1]);
  if (!Number.isSafeInteger(xrefOffset) || xrefOffset <= 8 || xrefOffset >= startxrefAt) throw invalidFormat();
  const hasRootTrailer = (from: number) => {
    const trailerAt = text.indexOf('trailer', from);
    return trailerAt >= 0 && trailerAt < startxrefAt && /\/Root\s+\d+\s+\d+\s+R/.test(text.slice(trailerAt, startxrefAt));
  };
  const atXref = text.slice(xrefOffset, xrefOffset + 64);
  const pointsAtTable = atXref.startsWith('xref') && hasRootTrailer(xrefOffset);
  const pointsAtStream = /^\d+\s+\d+\s+obj\b/.test(atXref);
  // Readers rebuild a cross-reference whose offset is slightly wrong (common in phone-made
  // PDFs); accept that too when a table with a /Root trailer or an XRef stream exists.
  const rebuildable =
    (/(^|[\r\n])xref\s/.test(text) && hasRootTrailer(0)) || /\/Type\s*\/XRef\b[\s\S]*\/Root\s+\d+\s+\d+\s+R/.test(text);
  if (!pointsAtTable && !pointsAtStream && !rebuildable) throw invalidFormat();
  if (!/\d+\s+\d+\s+obj\b/.test(text)) throw invalidFormat();

  for (const match of text.matchAll(/\/([^\s/<>[\]()%{}]+)/g)) {
    const name = match[1]!.replace(/#([0-9A-Fa-f]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (ACTIVE_PDF_NAMES.has(name)) throw invalidFormat();
  }
}

/** The device's file name, reduced to something safe to show: no path, no control characters. */
export function displayName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  return base
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/^\.+/, '')
    .slice(0, 120);
}
