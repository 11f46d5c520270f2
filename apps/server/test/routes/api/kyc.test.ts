import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { KYC_MAX_FILE_BYTES, KYC_MESSAGES } from '@app/shared';
import { buildTestApp, onPostgres, type TestApp, type TestUser, needsPostgres } from '../../helpers/build-test-app';
import { auditLog, emailOutbox, kycSubmissions, users } from '../../../src/db/schema';
import {
  assertValidKey,
  createEncryptedStore,
  createLocalDiskStore,
  decryptDocument,
  documentsRoot,
  encryptDocument,
} from '../../../src/services/kyc/document-storage';
import { checkPdf } from '../../../src/services/kyc/documents';
import { purgeKycDocuments, UPLOADS_PER_HOUR } from '../../../src/services/kyc/kyc';

// ---------- fixtures ----------

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
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

async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 40, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCameraCo', Model: 'LeakyPhone', Copyright: 'GPS 51.5N 0.12W' } })
    .toBuffer();
}

async function png(colour = '#cc3366'): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 4, background: colour } }).png().toBuffer();
}

/** A small, well-formed PDF; `padTo` grows it with a comment to an exact size. */
function pdf(options: { padTo?: number; extraObject?: string; dropEof?: boolean } = {}): Buffer {
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

function bmp24(width: number, height: number): Buffer {
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

function box(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** An ISO-BMFF file with a HEIC brand (the container sharp's prebuilt cannot decode). */
function heic(): Buffer {
  return Buffer.concat([
    box('ftyp', Buffer.concat([Buffer.from('heic', 'latin1'), Buffer.alloc(4), Buffer.from('mif1heic', 'latin1')])),
    box('meta', Buffer.alloc(32)),
    box('mdat', Buffer.from('not really hevc data')),
  ]);
}

const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
const SVG = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>';
/** The start of a Windows executable: MZ header and PE signature. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x40, 0, 0, 0]), Buffer.from('PE\0\0'), Buffer.alloc(400, 0x90)]);

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => path.join(dir, entry))
    .filter((file) => statSync(file).isFile());
}

// ---------- setup ----------

let t: TestApp;
let admin: TestUser;
let author: TestUser;
let dataDir: string;
let docsRoot: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ role: 'admin' });
  author = await t.createUser({ role: 'author' });
  dataDir = t.app.deps.config.dataDir;
  docsRoot = documentsRoot(dataDir);
});
afterAll(async () => {
  await t.close();
});

async function upload(who: TestUser | null, parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/users/uploadKycDocuments',
    headers: { ...body.headers, ...(who?.headers ?? {}) },
    payload: body.payload,
  });
}

async function uploadPair(who: TestUser) {
  return upload(who, [
    { name: 'front', filename: 'front.jpg', contentType: 'image/jpeg', data: await jpegWithExif() },
    { name: 'back', filename: 'back.png', contentType: 'image/png', data: await png() },
  ]);
}

async function newApplicant(name?: string) {
  return t.createUser({ kycStatus: 'Not Submitted', ...(name ? { name } : {}) });
}

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function submissionsOf(userId: string) {
  return t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId)).orderBy(kycSubmissions.submittedAt);
}

function decide(who: TestUser | null, userId: string, action: 'approve' | 'reject', body?: object) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/users/kyc/${userId}/${action}`,
    headers: who?.headers ?? {},
    ...(body ? { payload: body } : {}),
  });
}

function getDocument(who: TestUser | null, userId: string, side: string, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/users/kyc/${userId}/documents/${side}${query}`, headers: who?.headers ?? {} });
}

async function expectRefused(applicant: TestUser, response: Awaited<ReturnType<typeof upload>>, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ message });
  expect((await userRow(applicant.user.id)).kycStatus).toBe('Not Submitted');
  expect(await submissionsOf(applicant.user.id)).toHaveLength(0);
}

// ---------- tests ----------

describe('POST /api/users/uploadKycDocuments', () => {
  it('accepts front and back, sets the status to Pending and keeps users.kycStatus in step', async () => {
    const applicant = await newApplicant();
    const response = await uploadPair(applicant);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: KYC_MESSAGES.uploaded, kyc: { kycStatus: 'Pending', reason: null } });
    expect((await userRow(applicant.user.id)).kycStatus).toBe('Pending');
    const [submission] = await submissionsOf(applicant.user.id);
    expect(submission).toMatchObject({ status: 'Pending', frontMime: 'image/jpeg', backMime: 'image/png' });

    const status = await t.app.inject({ method: 'GET', url: '/api/users/kyc/status', headers: applicant.headers });
    expect(status.json()).toMatchObject({ kycStatus: 'Pending', reason: null });
    expect(status.json().submittedAt).toEqual(expect.any(String));
  });

  it('needs a session', async () => {
    const response = await upload(null, [
      { name: 'front', filename: 'a.png', contentType: 'image/png', data: await png() },
      { name: 'back', filename: 'b.png', contentType: 'image/png', data: await png() },
    ]);
    expect(response.statusCode).toBe(401);
  });

  it('stores files encrypted, under generated names, outside any public path', async () => {
    const applicant = await newApplicant();
    const front = await jpegWithExif();
    const back = await png('#00ff00');
    const before = new Set(filesUnder(docsRoot));
    const response = await upload(applicant, [
      { name: 'front', filename: 'my-passport.jpg', contentType: 'image/jpeg', data: front },
      { name: 'back', filename: 'my-passport-back.png', contentType: 'image/png', data: back },
    ]);
    expect(response.statusCode).toBe(201);
    const created = filesUnder(docsRoot).filter((file) => !before.has(file));
    expect(created).toHaveLength(2);
    const [submission] = await submissionsOf(applicant.user.id);
    for (const file of created) {
      expect(file.startsWith(dataDir)).toBe(true);
      expect(file).not.toMatch(/passport|\.jpg|\.png/);
      const onDisk = readFileSync(file);
      expect(onDisk.subarray(0, 4).toString()).toBe('VLE1');
      // Neither the upload nor its re-encoded copy is readable on disk.
      expect(onDisk.includes(front.subarray(0, 64))).toBe(false);
      expect(onDisk.includes(back.subarray(0, 64))).toBe(false);
      expect(onDisk.includes(Buffer.from('JFIF'))).toBe(false);
      expect(onDisk.includes(Buffer.from('IHDR'))).toBe(false);
    }
    expect(created.map((file) => path.relative(docsRoot, file)).sort()).toEqual(
      [`${submission!.frontKey}.bin`, `${submission!.backKey}.bin`].sort(),
    );
    // The web build directory is elsewhere entirely.
    expect(docsRoot.includes('dist')).toBe(false);
  });

  it('re-encodes images and strips their metadata', async () => {
    const applicant = await newApplicant();
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(Buffer.from('SecretCameraCo'))).toBe(true);
    expect((await uploadPair(applicant)).statusCode).toBe(201);
    const front = await getDocument(admin, applicant.user.id, 'front');
    expect(front.statusCode).toBe(200);
    const served = front.rawPayload;
    expect(served.equals(original)).toBe(false);
    expect(served.includes(Buffer.from('SecretCameraCo'))).toBe(false);
    const metadata = await sharp(served).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.width).toBe(64);
  });

  it('applies the photo orientation before dropping it', async () => {
    const applicant = await newApplicant();
    const sideways = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#888888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    await upload(applicant, [
      { name: 'front', filename: 'a.jpg', contentType: 'image/jpeg', data: sideways },
      { name: 'back', filename: 'b.png', contentType: 'image/png', data: await png() },
    ]);
    const served = await sharp((await getDocument(admin, applicant.user.id, 'front')).rawPayload).metadata();
    expect([served.width, served.height]).toEqual([40, 64]);
    expect(served.orientation).toBeUndefined();
  });

  it('accepts every listed type, decided from the bytes', async () => {
    const cases: [string, Buffer, string][] = [
      ['gif', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).gif().toBuffer(), 'image/png'],
      ['webp', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).webp().toBuffer(), 'image/webp'],
      ['bmp', bmp24(5, 3), 'image/png'],
      ['heic', heic(), 'image/heic'],
      ['pdf', pdf(), 'application/pdf'],
    ];
    for (const [ext, data, storedAs] of cases) {
      const applicant = await newApplicant();
      // A misleading name and declared type change nothing.
      const response = await upload(applicant, [
        { name: 'front', filename: `scan.txt`, contentType: 'text/plain', data },
        { name: 'back', filename: 'back.png', contentType: 'image/png', data: await png() },
      ]);
      expect(response.statusCode, ext).toBe(201);
      const [submission] = await submissionsOf(applicant.user.id);
      expect(submission!.frontMime, ext).toBe(storedAs);
    }
  });

  it('decodes BMP pixels faithfully', async () => {
    const applicant = await newApplicant();
    await upload(applicant, [
      { name: 'front', filename: 'a.bmp', contentType: 'image/bmp', data: bmp24(5, 3) },
      { name: 'back', filename: 'b.png', contentType: 'image/png', data: await png() },
    ]);
    const served = (await getDocument(admin, applicant.user.id, 'front')).rawPayload;
    const { data, info } = await sharp(served).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([5, 3]);
    expect([data[0], data[1], data[2]]).toEqual([10, 10, 200]);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const applicant = await newApplicant();
    const big = pdf({ padTo: KYC_MAX_FILE_BYTES });
    expect(big.length).toBe(KYC_MAX_FILE_BYTES);
    const response = await upload(applicant, [
      { name: 'front', filename: 'big.pdf', contentType: 'application/pdf', data: big },
      { name: 'back', filename: 'b.png', contentType: 'image/png', data: await png() },
    ]);
    expect(response.statusCode).toBe(201);
  });

  it('refuses 10 MB + 1 byte with 413 and leaves nothing on disk', async () => {
    const applicant = await newApplicant();
    const before = filesUnder(dataDir).length;
    const tooBig = pdf({ padTo: KYC_MAX_FILE_BYTES + 1 });
    expect(tooBig.length).toBe(KYC_MAX_FILE_BYTES + 1);
    for (const order of [['front', 'back'], ['back', 'front']]) {
      const response = await upload(applicant, [
        { name: order[0]!, filename: 'small.png', contentType: 'image/png', data: await png() },
        { name: order[1]!, filename: 'big.pdf', contentType: 'application/pdf', data: tooBig },
      ]);
      await expectRefused(applicant, response, 413, KYC_MESSAGES.tooLarge);
    }
    expect(filesUnder(dataDir).length).toBe(before);
  });

  it.each([
    ['HTML renamed .png', 'id.png', 'image/png', Buffer.from(HTML)],
    ['SVG renamed .png', 'id.png', 'image/png', Buffer.from(SVG)],
    ['SVG declared as svg', 'id.svg', 'image/svg+xml', Buffer.from(SVG)],
    ['an executable renamed .pdf', 'id.pdf', 'application/pdf', EXE],
    ['an executable renamed .png', 'id.png', 'image/png', EXE],
    ['a JPEG header followed by junk', 'id.jpg', 'image/jpeg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)])],
    ['a PDF without %%EOF', 'id.pdf', 'application/pdf', pdf({ dropEof: true })],
    ['a PDF header with nothing behind it', 'id.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n<script>alert(1)</script>\n%%EOF\n')],
    ['a PDF with JavaScript', 'id.pdf', 'application/pdf', pdf({ extraObject: '<< /S /JavaScript /JS (app.alert(1)) >>' })],
    ['a PDF with hex-escaped JavaScript', 'id.pdf', 'application/pdf', pdf({ extraObject: '<< /S /Java#53cript /#4A#53 (x) >>' })],
    ['a BMP signature on text', 'id.bmp', 'image/bmp', Buffer.from(`BM${'A'.repeat(100)}`)],
    ['a HEIC brand on a broken container', 'id.heic', 'image/heic', Buffer.concat([box('ftyp', Buffer.from('heic\0\0\0\0mif1')), Buffer.from('garbage!')])],
  ])('refuses %s with 415 and leaves nothing on disk', async (_label, filename, contentType, data) => {
    const applicant = await newApplicant();
    const before = filesUnder(dataDir).length;
    const response = await upload(applicant, [
      { name: 'front', filename, contentType, data },
      { name: 'back', filename: 'b.png', contentType: 'image/png', data: await png() },
    ]);
    await expectRefused(applicant, response, 415, KYC_MESSAGES.invalidFormat);
    expect(filesUnder(dataDir).length).toBe(before);
  });

  it('ignores a path-traversal file name', async () => {
    const applicant = await newApplicant();
    const before = new Set(filesUnder(dataDir));
    const response = await upload(applicant, [
      { name: 'front', filename: '../../../../etc/passwd.png', contentType: 'image/png', data: await png() },
      { name: 'back', filename: '..\\..\\..\\windows\\win.ini.png', contentType: 'image/png', data: await png() },
    ]);
    expect(response.statusCode).toBe(201);
    const [submission] = await submissionsOf(applicant.user.id);
    expect(submission!.frontName).toBe('passwd.png');
    expect(submission!.backName).toBe('win.ini.png');
    expect(submission!.frontKey).toMatch(/^kyc\/[0-9a-f]{32}$/);
    const created = filesUnder(dataDir).filter((file) => !before.has(file));
    expect(created.every((file) => file.startsWith(docsRoot + path.sep))).toBe(true);
    expect(created.some((file) => /passwd|win\.ini/.test(file))).toBe(false);
    for (const escaped of [path.join(dataDir, '..', 'passwd.png'), path.join(docsRoot, '..', 'passwd.png'), path.join(docsRoot, 'kyc', '..', 'passwd.png')]) {
      expect(existsSync(escaped)).toBe(false);
    }
  });

  it.each([
    ['front only', [{ name: 'front', filename: 'a.png', contentType: 'image/png' }]],
    ['back only', [{ name: 'back', filename: 'a.png', contentType: 'image/png' }]],
    ['no file at all', []],
  ])('refuses %s with 400', async (_label, parts) => {
    const applicant = await newApplicant();
    const data = await png();
    const before = filesUnder(dataDir).length;
    const response = await upload(applicant, [{ name: 'note', data: 'hello' }, ...parts.map((part) => ({ ...part, data }))]);
    await expectRefused(applicant, response, 400, KYC_MESSAGES.bothRequired);
    expect(filesUnder(dataDir).length).toBe(before);
  });

  it('refuses an empty file and non-multipart bodies', async () => {
    const applicant = await newApplicant();
    const empty = await upload(applicant, [
      { name: 'front', filename: 'a.png', contentType: 'image/png', data: Buffer.alloc(0) },
      { name: 'back', filename: 'b.png', contentType: 'image/png', data: await png() },
    ]);
    await expectRefused(applicant, empty, 400, KYC_MESSAGES.selectFile);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/users/uploadKycDocuments',
      headers: applicant.headers,
      payload: { front: 'x', back: 'y' },
    });
    await expectRefused(applicant, json, 400, KYC_MESSAGES.bothRequired);
  });

  it('refuses extra or repeated file parts', async () => {
    const applicant = await newApplicant();
    const data = await png();
    const twice = await upload(applicant, [
      { name: 'front', filename: 'a.png', contentType: 'image/png', data },
      { name: 'front', filename: 'b.png', contentType: 'image/png', data },
    ]);
    expect(twice.statusCode).toBe(400);
    const third = await upload(applicant, [
      { name: 'front', filename: 'a.png', contentType: 'image/png', data },
      { name: 'back', filename: 'b.png', contentType: 'image/png', data },
      { name: 'selfie', filename: 'c.png', contentType: 'image/png', data },
    ]);
    expect(third.statusCode).toBe(400);
    expect(await submissionsOf(applicant.user.id)).toHaveLength(0);
  });

  it('replaces a pending pair on re-upload; the unreviewed files go, the row stays', async () => {
    const applicant = await newApplicant();
    expect((await uploadPair(applicant)).statusCode).toBe(201);
    const [first] = await submissionsOf(applicant.user.id);
    const before = filesUnder(docsRoot).length;
    t.clock.advance(1000);
    expect((await uploadPair(applicant)).statusCode).toBe(201);
    const rows = await submissionsOf(applicant.user.id);
    expect(rows.map((row) => row.status)).toEqual(['Superseded', 'Pending']);
    expect(filesUnder(docsRoot).length).toBe(before);
    expect(existsSync(path.join(docsRoot, `${first!.frontKey}.bin`))).toBe(false);
    expect((await getDocument(admin, applicant.user.id, 'front', `?submissionId=${first!.id}`)).statusCode).toBe(404);
    const queue = (await t.app.inject({ method: 'GET', url: '/api/users/kyc/pending', headers: admin.headers })).json();
    const cases = queue.pendingUsers.filter((row: { _id: string }) => row._id === applicant.user.id);
    expect(cases).toHaveLength(1);
    expect(cases[0].submissionId).toBe(rows[1]!.id);
  });

  it('limits uploads per user per hour', async () => {
    const applicant = await newApplicant();
    for (let index = 0; index < UPLOADS_PER_HOUR; index += 1) {
      expect((await upload(applicant, [
        { name: 'front', filename: 'a.png', contentType: 'image/png', data: await png() },
        { name: 'back', filename: 'b.png', contentType: 'image/png', data: await png() },
      ])).statusCode).toBe(201);
    }
    const files = filesUnder(docsRoot).length;
    const refused = await uploadPair(applicant);
    expect(refused.statusCode).toBe(429);
    expect(filesUnder(docsRoot).length).toBe(files);
    t.clock.advance(3_600_001);
    expect((await uploadPair(applicant)).statusCode).toBe(201);
  });
});

describe('staff review', () => {
  it('lists pending cases oldest first with registration details, staff only', async () => {
    const older = await newApplicant('Ada Older');
    await uploadPair(older);
    t.clock.advance(60_000);
    const newer = await newApplicant('Bo Newer');
    await uploadPair(newer);

    const response = await t.app.inject({ method: 'GET', url: '/api/users/kyc/pending', headers: author.headers });
    expect(response.statusCode).toBe(200);
    const list = response.json().pendingUsers as { _id: string; submittedAt: string }[];
    const ids = list.map((row) => row._id);
    expect(ids.indexOf(older.user.id)).toBeLessThan(ids.indexOf(newer.user.id));
    const times = list.map((row) => Date.parse(row.submittedAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(list.find((row) => row._id === older.user.id)).toMatchObject({
      name: 'Ada Older',
      email: older.user.email,
      country: 'US',
      phone: '+14155550100',
      isVerified: true,
      kycStatus: 'Pending',
      createdAt: expect.any(String),
      submittedAt: expect.any(String),
      previousRejections: 0,
      lastRejectionReason: null,
      kyc: {
        frontDoc: expect.stringMatching(new RegExp(`^/api/users/kyc/${older.user.id}/documents/front\\?submissionId=`)),
        backDoc: expect.stringMatching(/\/documents\/back\?submissionId=/),
        frontType: 'image/jpeg',
        backType: 'image/png',
      },
    });

    const subscriber = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: '/api/users/kyc/pending', headers: subscriber.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/kyc/pending' })).statusCode).toBe(401);
  });

  it('approves once: records who and when, audits, emails; a second approval is 409', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    const response = await decide(admin, applicant.user.id, 'approve');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { _id: applicant.user.id, kycStatus: 'Approved' } });
    expect((await userRow(applicant.user.id)).kycStatus).toBe('Approved');
    const [submission] = await submissionsOf(applicant.user.id);
    expect(submission).toMatchObject({ status: 'Approved', reviewedById: admin.user.id });
    expect(submission!.reviewedAt).toBeInstanceOf(Date);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, applicant.user.id), eq(auditLog.action, 'kyc.approve')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.user.id, targetType: 'user', after: { kycStatus: 'Approved' } });
    const emails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, applicant.user.email));
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: 'kyc-decided' });
    expect(emails[0]!.text).toMatch(/approved/i);

    const again = await decide(admin, applicant.user.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: KYC_MESSAGES.alreadyDecided });
    const rejectAfter = await decide(author, applicant.user.id, 'reject', { reason: 'late' });
    expect(rejectAfter.statusCode).toBe(409);
    expect((await userRow(applicant.user.id)).kycStatus).toBe('Approved');
    expect(await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, applicant.user.email))).toHaveLength(1);

    // An approved account cannot upload again.
    const reupload = await uploadPair(applicant);
    expect(reupload.statusCode).toBe(409);
    expect(reupload.json()).toEqual({ message: KYC_MESSAGES.alreadyApproved });
  });

  it('is 409 for users who never submitted, 404 for unknown users', async () => {
    const never = await newApplicant();
    expect((await decide(admin, never.user.id, 'approve')).statusCode).toBe(409);
    expect((await decide(admin, 'no-such-user', 'approve')).statusCode).toBe(404);
  });

  it('rejects with a reason the user sees; re-upload starts a new case and keeps the old one', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    const response = await decide(author, applicant.user.id, 'reject', { reason: '  The back photo is blurred.  ' });
    expect(response.statusCode).toBe(200);
    expect((await userRow(applicant.user.id)).kycStatus).toBe('Rejected');
    const status = await t.app.inject({ method: 'GET', url: '/api/users/kyc/status', headers: applicant.headers });
    expect(status.json()).toMatchObject({ kycStatus: 'Rejected', reason: 'The back photo is blurred.' });
    expect(status.json().reviewedAt).toEqual(expect.any(String));
    const [email] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, applicant.user.email));
    expect(email!.text).toContain('The back photo is blurred.');
    expect(email!.text).toContain('/upload-kyc');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, applicant.user.id), eq(auditLog.action, 'kyc.reject')));
    expect(audit).toMatchObject({ actorId: author.user.id, reason: 'The back photo is blurred.' });

    t.clock.advance(1000);
    expect((await uploadPair(applicant)).statusCode).toBe(201);
    const rows = await submissionsOf(applicant.user.id);
    expect(rows.map((row) => row.status)).toEqual(['Rejected', 'Pending']);
    const after = await t.app.inject({ method: 'GET', url: '/api/users/kyc/status', headers: applicant.headers });
    expect(after.json()).toMatchObject({ kycStatus: 'Pending', reason: null });
    // Old documents stay readable for the audit trail.
    const old = await getDocument(admin, applicant.user.id, 'front', `?submissionId=${rows[0]!.id}`);
    expect(old.statusCode).toBe(200);
    const queue = (await t.app.inject({ method: 'GET', url: '/api/users/kyc/pending', headers: admin.headers })).json();
    expect(queue.pendingUsers.find((row: { _id: string }) => row._id === applicant.user.id)).toMatchObject({
      previousRejections: 1,
      lastRejectionReason: 'The back photo is blurred.',
    });
  });

  it('rejects without a reason too, and refuses overlong reasons', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    expect((await decide(admin, applicant.user.id, 'reject', { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await decide(admin, applicant.user.id, 'reject')).statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: '/api/users/kyc/status', headers: applicant.headers });
    expect(status.json()).toMatchObject({ kycStatus: 'Rejected', reason: null });
  });

  it('refuses a decision on documents that were replaced since the case was opened', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    const [first] = await submissionsOf(applicant.user.id);
    t.clock.advance(1000);
    await uploadPair(applicant);
    const stale = await decide(admin, applicant.user.id, 'approve', { submissionId: first!.id });
    expect(stale.statusCode).toBe(409);
    expect((await userRow(applicant.user.id)).kycStatus).toBe('Pending');
    const current = (await submissionsOf(applicant.user.id))[1]!;
    expect((await decide(admin, applicant.user.id, 'approve', { submissionId: current.id })).statusCode).toBe(200);
  });

  it('lets only staff decide, and only on lower roles', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    const other = await t.createUser();
    expect((await decide(other, applicant.user.id, 'approve')).statusCode).toBe(403);
    expect((await decide(applicant, applicant.user.id, 'approve')).statusCode).toBe(403);
    expect((await decide(null, applicant.user.id, 'approve')).statusCode).toBe(401);

    const pendingAuthor = await t.createUser({ role: 'author', kycStatus: 'Not Submitted' });
    expect((await uploadPair(pendingAuthor)).statusCode).toBe(201);
    expect((await decide(pendingAuthor, pendingAuthor.user.id, 'approve')).statusCode).toBe(403);
    expect((await decide(author, pendingAuthor.user.id, 'approve')).statusCode).toBe(403);
    const authorQueue = (await t.app.inject({ method: 'GET', url: '/api/users/kyc/pending', headers: author.headers })).json();
    expect(authorQueue.pendingUsers.map((row: { _id: string }) => row._id)).not.toContain(pendingAuthor.user.id);
    expect((await decide(admin, pendingAuthor.user.id, 'approve')).statusCode).toBe(200);
    expect((await userRow(applicant.user.id)).kycStatus).toBe('Pending');
  });

  it('refuses decisions while impersonating', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    const { createSession } = await import('../../../src/services/auth/sessions');
    const { token } = await createSession(t.database.db, applicant.user.id, { impersonatorId: admin.user.id });
    const response = await decide({ ...admin, headers: { authorization: `Bearer ${token}` } }, applicant.user.id, 'approve');
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/users/kyc/:id/documents/:side', () => {
  let applicant: TestUser;
  beforeAll(async () => {
    applicant = await newApplicant();
    await upload(applicant, [
      { name: 'front', filename: 'front.png', contentType: 'image/png', data: await png() },
      { name: 'back', filename: 'back.pdf', contentType: 'application/pdf', data: pdf() },
    ]);
  });

  it('serves images to staff inline, never cached, nosniff', async () => {
    const response = await getDocument(author, applicant.user.id, 'front');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="kyc-front-[0-9a-f]{8}\.png"$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await sharp(response.rawPayload).metadata()).format).toBe('png');
    const views = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, applicant.user.id), eq(auditLog.action, 'kyc.document.view')));
    expect(views.find((row) => row.actorId === author.user.id)).toMatchObject({ targetType: 'user', after: { side: 'front' } });
  });

  it('serves PDFs as attachments, byte for byte', async () => {
    const response = await getDocument(admin, applicant.user.id, 'back');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="kyc-back-[0-9a-f]{8}\.pdf"$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.equals(pdf())).toBe(true);
  });

  it('is refused to the owner, other users and visitors', async () => {
    const other = await t.createUser();
    expect((await getDocument(applicant, applicant.user.id, 'front')).statusCode).toBe(403);
    expect((await getDocument(other, applicant.user.id, 'front')).statusCode).toBe(403);
    const visitor = await getDocument(null, applicant.user.id, 'front');
    expect(visitor.statusCode).toBe(401);
    for (const response of [visitor, await getDocument(other, applicant.user.id, 'back')]) {
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
    }
  });

  it('is 404 for unknown users, sides and submissions; 403 for a higher role', async () => {
    expect((await getDocument(admin, 'nobody', 'front')).statusCode).toBe(404);
    expect((await getDocument(admin, applicant.user.id, 'selfie')).statusCode).toBe(400);
    expect((await getDocument(admin, applicant.user.id, 'front', '?submissionId=nope')).statusCode).toBe(404);
    expect((await getDocument(admin, applicant.user.id, '..%2F..%2Fsecret.key')).statusCode).toBe(400);
    const never = await newApplicant();
    expect((await getDocument(admin, never.user.id, 'front')).statusCode).toBe(404);
    const adminApplicant = await t.createUser({ role: 'admin', kycStatus: 'Not Submitted' });
    await uploadPair(adminApplicant);
    expect((await getDocument(author, adminApplicant.user.id, 'front')).statusCode).toBe(403);
  });

  it('has no public URL: the data directory is not served', async () => {
    const [submission] = await submissionsOf(applicant.user.id);
    for (const url of [`/private/documents/${submission!.frontKey}.bin`, `/data/private/documents/${submission!.frontKey}.bin`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.rawPayload.includes(Buffer.from('VLE1'))).toBe(false);
    }
  });
});

describe('document storage', () => {
  const key = Buffer.alloc(32, 7);

  it('encrypts with AES-256-GCM and detects tampering or a swapped key', () => {
    const plain = Buffer.from('identity document bytes');
    const sealed = encryptDocument(key, 'kyc/abc', plain);
    expect(sealed.includes(plain)).toBe(false);
    expect(encryptDocument(key, 'kyc/abc', plain).equals(sealed)).toBe(false);
    expect(decryptDocument(key, 'kyc/abc', sealed).equals(plain)).toBe(true);
    const flipped = Buffer.from(sealed);
    flipped[20] = flipped[20]! ^ 1;
    expect(() => decryptDocument(key, 'kyc/abc', flipped)).toThrow();
    expect(() => decryptDocument(key, 'kyc/other', sealed)).toThrow();
    expect(() => decryptDocument(Buffer.alloc(32, 8), 'kyc/abc', sealed)).toThrow();
  });

  it('refuses keys that could leave the storage root', async () => {
    for (const bad of ['../x', 'a/../../b', '/etc/passwd', 'a\\b', '', 'a//b', 'a/b.c']) {
      expect(() => assertValidKey(bad), bad).toThrow();
    }
    const root = path.join(dataDir, 'store-test');
    const store = createEncryptedStore(createLocalDiskStore(root), key);
    await store.put('kyc/abc123', Buffer.from('hello'));
    expect((await store.get('kyc/abc123'))?.toString()).toBe('hello');
    expect(readFileSync(path.join(root, 'kyc/abc123.bin')).includes(Buffer.from('hello'))).toBe(false);
    await store.delete('kyc/abc123');
    expect(await store.get('kyc/abc123')).toBeNull();
    await store.delete('kyc/abc123');
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow();
  });

  it('does not serve a document whose stored bytes were altered', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    const [submission] = await submissionsOf(applicant.user.id);
    const file = path.join(docsRoot, `${submission!.frontKey}.bin`);
    const bytes = readFileSync(file);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    writeFileSync(file, bytes);
    const response = await getDocument(admin, applicant.user.id, 'front');
    expect(response.statusCode).toBe(500);
    expect(response.rawPayload.includes(Buffer.from('IHDR'))).toBe(false);
    expect(response.rawPayload.includes(Buffer.from('JFIF'))).toBe(false);
  });

  it('purges every document of a user (account deletion)', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    await decide(admin, applicant.user.id, 'reject');
    await uploadPair(applicant);
    const rows = await submissionsOf(applicant.user.id);
    const files = rows.flatMap((row) => [row.frontKey, row.backKey]).map((key) => path.join(docsRoot, `${key}.bin`));
    expect(files.every((file) => existsSync(file))).toBe(true);
    expect(await purgeKycDocuments(t.app.deps, applicant.user.id)).toBe(4);
    expect(files.some((file) => existsSync(file))).toBe(false);
    expect((await getDocument(admin, applicant.user.id, 'front')).statusCode).toBe(404);
  });

  it('checks PDF structure', () => {
    expect(() => checkPdf(pdf())).not.toThrow();
    expect(() => checkPdf(Buffer.from('%PDF-1.4\nstartxref\n9999\n%%EOF'))).toThrow();
    expect(() => checkPdf(Buffer.from(pdf().toString('latin1').replace('/Root 1 0 R', '')))).toThrow();
    // A slightly wrong startxref offset is tolerated when the table and trailer are there.
    const shifted = pdf().toString('latin1').replace(/startxref\n(\d+)/, (_all, n: string) => `startxref\n${Number(n) - 3}`);
    expect(() => checkPdf(Buffer.from(shifted, 'latin1'))).not.toThrow();
    expect(() => checkPdf(Buffer.from(shifted.replace('/Root 1 0 R', ''), 'latin1'))).toThrow();
    // A cross-reference stream (PDF 1.5+) is fine.
    const streamPdf = '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n';
    const xrefAt = streamPdf.length;
    const full = `${streamPdf}3 0 obj\n<< /Type /XRef /Size 4 /Root 1 0 R /W [1 2 1] /Length 0 >>\nstream\n\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`;
    expect(() => checkPdf(Buffer.from(full, 'latin1'))).not.toThrow();
  });
});

if (!onPostgres) console.log('KYC concurrency tests skipped: TEST_DATABASE_URL is not set (they need real PostgreSQL concurrency)');

describe('concurrency (PostgreSQL)', needsPostgres, () => {
  it('decides a case exactly once when two reviewers act at the same instant', async () => {
    for (let round = 0; round < 5; round += 1) {
      const applicant = await newApplicant();
      await uploadPair(applicant);
      const answers = await Promise.all([
        decide(admin, applicant.user.id, 'approve'),
        decide(author, applicant.user.id, 'reject', { reason: 'race' }),
        decide(admin, applicant.user.id, 'approve'),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409]);
      const rows = await submissionsOf(applicant.user.id);
      expect(rows).toHaveLength(1);
      expect((await userRow(applicant.user.id)).kycStatus).toBe(rows[0]!.status);
      const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, applicant.user.id));
      expect(audits).toHaveLength(1);
      expect(await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, applicant.user.email))).toHaveLength(1);
    }
  });

  it('keeps one pending submission when the same user uploads twice at once', async () => {
    const applicant = await newApplicant();
    const answers = await Promise.all([uploadPair(applicant), uploadPair(applicant)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const rows = await submissionsOf(applicant.user.id);
    expect(rows.map((row) => row.status).sort()).toEqual(['Pending', 'Superseded']);
  });
});
