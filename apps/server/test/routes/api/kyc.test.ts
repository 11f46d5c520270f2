import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { KYC_MAX_FILE_BYTES, KYC_MESSAGES } from '@app/shared';
import { useTestApp, useUser } from '../../helpers/build-test-app';
import { UPLOADS_PER_HOUR } from '../../../src/services/kyc/kyc';
import { EXE, HTML, SVG, bmp24, box, filesUnder, heic, jpegWithExif, pdf, png } from '../../helpers/kyc-files';
import { kycHelpers } from '../../helpers/kyc-calls';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });
const { dataDir, docsRoot, upload, uploadPair, newApplicant, userRow, submissionsOf, getDocument, expectRefused } = kycHelpers(() => t);

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
    const before = new Set(filesUnder(docsRoot()));
    const response = await upload(applicant, [
      { name: 'front', filename: 'my-passport.jpg', contentType: 'image/jpeg', data: front },
      { name: 'back', filename: 'my-passport-back.png', contentType: 'image/png', data: back },
    ]);
    expect(response.statusCode).toBe(201);
    const created = filesUnder(docsRoot()).filter((file) => !before.has(file));
    expect(created).toHaveLength(2);
    const [submission] = await submissionsOf(applicant.user.id);
    for (const file of created) {
      expect(file.startsWith(dataDir())).toBe(true);
      expect(file).not.toMatch(/passport|\.jpg|\.png/);
      const onDisk = readFileSync(file);
      expect(onDisk.subarray(0, 4).toString()).toBe('VLE1');
      // Neither the upload nor its re-encoded copy is readable on disk.
      expect(onDisk.includes(front.subarray(0, 64))).toBe(false);
      expect(onDisk.includes(back.subarray(0, 64))).toBe(false);
      expect(onDisk.includes(Buffer.from('JFIF'))).toBe(false);
      expect(onDisk.includes(Buffer.from('IHDR'))).toBe(false);
    }
    expect(created.map((file) => path.relative(docsRoot(), file)).sort()).toEqual(
      [`${submission!.frontKey}.bin`, `${submission!.backKey}.bin`].sort(),
    );
    // The web build directory is elsewhere entirely.
    expect(docsRoot().includes('dist')).toBe(false);
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
    const before = filesUnder(dataDir()).length;
    const tooBig = pdf({ padTo: KYC_MAX_FILE_BYTES + 1 });
    expect(tooBig.length).toBe(KYC_MAX_FILE_BYTES + 1);
    for (const order of [['front', 'back'], ['back', 'front']]) {
      const response = await upload(applicant, [
        { name: order[0]!, filename: 'small.png', contentType: 'image/png', data: await png() },
        { name: order[1]!, filename: 'big.pdf', contentType: 'application/pdf', data: tooBig },
      ]);
      // The refusal names the side that was too large.
      await expectRefused(applicant, response, 413, `${order[1] === 'front' ? 'Front' : 'Back'} of document: ${KYC_MESSAGES.tooLarge} This file is over 10 MB.`);
    }
    expect(filesUnder(dataDir()).length).toBe(before);
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
    const before = filesUnder(dataDir()).length;
    const response = await upload(applicant, [
      { name: 'front', filename, contentType, data },
      { name: 'back', filename: 'b.png', contentType: 'image/png', data: await png() },
    ]);
    // Which side, the SPEC's words, and what the bytes turned out to be.
    expect(response.json().message).toMatch(new RegExp(`^Front of document: ${KYC_MESSAGES.invalidFormat.replace(/\./g, '\\.')} The contents of id\\.(png|svg|pdf|jpg|bmp|heic) are `));
    await expectRefused(applicant, response, 415, response.json().message);
    expect(filesUnder(dataDir()).length).toBe(before);
  });

  it('says what the bytes of a refused document are', async () => {
    const applicant = await newApplicant();
    const text = await upload(applicant, [
      { name: 'front', filename: 'front.png', contentType: 'image/png', data: await png() },
      { name: 'back', filename: 'notes.png', contentType: 'image/png', data: Buffer.from(HTML) },
    ]);
    await expectRefused(applicant, text, 415, `Back of document: ${KYC_MESSAGES.invalidFormat} The contents of notes.png are not an image or PDF we recognise.`);
    const exe = await upload(applicant, [
      { name: 'front', filename: 'id.pdf', contentType: 'application/pdf', data: EXE },
      { name: 'back', filename: 'b.png', contentType: 'image/png', data: await png() },
    ]);
    expect(exe.statusCode).toBe(415);
    const broken = await upload(applicant, [
      { name: 'front', filename: 'front.png', contentType: 'image/png', data: await png() },
      { name: 'back', filename: 'id.pdf', contentType: 'application/pdf', data: pdf({ dropEof: true }) },
    ]);
    expect(broken.json().message).toBe(
      `Back of document: ${KYC_MESSAGES.invalidFormat} The contents of id.pdf are application/pdf (PDF) but could not be read: the file may be damaged, incomplete or carry active content.`,
    );
    expect(exe.json().message).toMatch(/^Front of document: Invalid file format\. .* The contents of id\.pdf are application\/x-msdownload \(EXE\), not an accepted type\.$/);
  });

  it('ignores a path-traversal file name', async () => {
    const applicant = await newApplicant();
    const before = new Set(filesUnder(dataDir()));
    const response = await upload(applicant, [
      { name: 'front', filename: '../../../../etc/passwd.png', contentType: 'image/png', data: await png() },
      { name: 'back', filename: '..\\..\\..\\windows\\win.ini.png', contentType: 'image/png', data: await png() },
    ]);
    expect(response.statusCode).toBe(201);
    const [submission] = await submissionsOf(applicant.user.id);
    expect(submission!.frontName).toBe('passwd.png');
    expect(submission!.backName).toBe('win.ini.png');
    expect(submission!.frontKey).toMatch(/^kyc\/[0-9a-f]{32}$/);
    const created = filesUnder(dataDir()).filter((file) => !before.has(file));
    expect(created.every((file) => file.startsWith(docsRoot() + path.sep))).toBe(true);
    expect(created.some((file) => /passwd|win\.ini/.test(file))).toBe(false);
    for (const escaped of [path.join(dataDir(), '..', 'passwd.png'), path.join(docsRoot(), '..', 'passwd.png'), path.join(docsRoot(), 'kyc', '..', 'passwd.png')]) {
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
    const before = filesUnder(dataDir()).length;
    const response = await upload(applicant, [{ name: 'note', data: 'hello' }, ...parts.map((part) => ({ ...part, data }))]);
    await expectRefused(applicant, response, 400, KYC_MESSAGES.bothRequired);
    expect(filesUnder(dataDir()).length).toBe(before);
  });

  it('refuses an empty file and non-multipart bodies', async () => {
    const applicant = await newApplicant();
    const empty = await upload(applicant, [
      { name: 'front', filename: 'a.png', contentType: 'image/png', data: Buffer.alloc(0) },
      { name: 'back', filename: 'b.png', contentType: 'image/png', data: await png() },
    ]);
    await expectRefused(applicant, empty, 400, `Front of document: ${KYC_MESSAGES.selectFile}`);
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
    const before = filesUnder(docsRoot()).length;
    t.clock.advance(1000);
    expect((await uploadPair(applicant)).statusCode).toBe(201);
    const rows = await submissionsOf(applicant.user.id);
    expect(rows.map((row) => row.status)).toEqual(['Superseded', 'Pending']);
    expect(filesUnder(docsRoot()).length).toBe(before);
    expect(existsSync(path.join(docsRoot(), `${first!.frontKey}.bin`))).toBe(false);
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
    const files = filesUnder(docsRoot()).length;
    const refused = await uploadPair(applicant);
    expect(refused.statusCode).toBe(429);
    expect(filesUnder(docsRoot()).length).toBe(files);
    t.clock.advance(3_600_001);
    expect((await uploadPair(applicant)).statusCode).toBe(201);
  });
});
