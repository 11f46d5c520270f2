import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** Files for the KYC suites: valid documents of every accepted kind, and hostile ones. */
export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vaultline${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename === undefined
      ? `form-data; name="${part.name}"`
      : `form-data; name="${part.name}"; filename="${part.filename}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (part.filename === undefined ? '' : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`) +
          '\r\n',
      ),
    );
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 40, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCameraCo', Model: 'LeakyPhone', Copyright: 'GPS 51.5N 0.12W' } })
    .toBuffer();
}

export async function png(colour = '#cc3366'): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 4, background: colour } }).png().toBuffer();
}

/** A small, well-formed PDF; `padTo` grows it with a comment to an exact size. */
export function pdf(options: { padTo?: number; extraObject?: string; dropEof?: boolean } = {}): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    ...(options.extraObject ? [options.extraObject] : []),
  ];
  const build = (padding: string) => {
    let body = `%PDF-1.4\n%${padding}\n`;
    const offsets: number[] = [];
    objects.forEach((object, index) => {
      offsets.push(Buffer.byteLength(body, 'latin1'));
      body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    });
    const xrefAt = Buffer.byteLength(body, 'latin1');
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
    body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n${options.dropEof ? '' : '%%EOF\n'}`;
    return Buffer.from(body, 'latin1');
  };
  let padding = '';
  let result = build(padding);
  // The xref offsets grow with the padding; converge on the exact size.
  while (options.padTo && result.length !== options.padTo) {
    padding = 'x'.repeat(Math.max(0, padding.length + options.padTo - result.length));
    result = build(padding);
  }
  return result;
}

export function bmp24(width: number, height: number): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const size = 54 + stride * height;
  const buffer = Buffer.alloc(size);
  buffer.write('BM', 0, 'latin1');
  buffer.writeUInt32LE(size, 2);
  buffer.writeUInt32LE(54, 10);
  buffer.writeUInt32LE(40, 14);
  buffer.writeInt32LE(width, 18);
  buffer.writeInt32LE(height, 22);
  buffer.writeUInt16LE(1, 26);
  buffer.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = 54 + y * stride + x * 3;
      buffer[at] = 200; // blue
      buffer[at + 1] = 10;
      buffer[at + 2] = 10;
    }
  }
  return buffer;
}

export function box(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** An ISO-BMFF file with a HEIC brand (the container sharp's prebuilt cannot decode). */
export function heic(): Buffer {
  return Buffer.concat([
    box('ftyp', Buffer.concat([Buffer.from('heic', 'latin1'), Buffer.alloc(4), Buffer.from('mif1heic', 'latin1')])),
    box('meta', Buffer.alloc(32)),
    box('mdat', Buffer.from('not really hevc data')),
  ]);
}

export const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
export const SVG = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>';
/** The start of a Windows executable: MZ header and PE signature. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x40, 0, 0, 0]), Buffer.from('PE\0\0'), Buffer.alloc(400, 0x90)]);

export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => path.join(dir, entry))
    .filter((file) => statSync(file).isFile());
}
