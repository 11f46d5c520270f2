import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useTestApp } from '../../helpers/build-test-app';

const t = useTestApp();

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----vaultline-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function png(width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 80 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-metadata' } } })
    .png()
    .toBuffer();
}

describe('profile photo', () => {
  it('accepts a png by its bytes, re-encodes it (smaller, no metadata), sets it and serves it', async () => {
    const { headers } = await t.createUser();
    const upload = multipart('photo', 'me.txt', 'text/plain', await png());
    const response = await t.app.inject({ method: 'POST', url: '/api/users/uploadPhoto', payload: upload.payload, headers: { ...headers, ...upload.headers } });
    expect(response.statusCode).toBe(200);
    const photo = response.json().photo as string;
    expect(photo).toMatch(/^\/api\/users\/photo\/[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.width).toBeLessThanOrEqual(512);
    expect(served.rawPayload.toString('latin1')).not.toContain('secret-metadata');
    // updateUser may point at our own photo url, or clear it.
    const same = await t.app.inject({ method: 'PATCH', url: '/api/users/updateUser', headers, payload: { photo } });
    expect(same.json().photo).toBe(photo);
    const cleared = await t.app.inject({ method: 'PATCH', url: '/api/users/updateUser', headers, payload: { photo: null } });
    expect(cleared.json().photo).toBeNull();
  });

  it('accepts a jpeg', async () => {
    const { headers } = await t.createUser();
    const jpeg = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const upload = multipart('photo', 'me.png', 'image/png', jpeg);
    const response = await t.app.inject({ method: 'POST', url: '/api/users/uploadPhoto', payload: upload.payload, headers: { ...headers, ...upload.headers } });
    expect(response.statusCode).toBe(200);
    expect(response.json().photo).toMatch(/\.jpg$/);
  });

  it('refuses other types whatever their name says', async () => {
    const { headers } = await t.createUser();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    for (const bytes of [gif, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), Buffer.from('%PDF-1.4 fake')]) {
      const upload = multipart('photo', 'photo.jpg', 'image/jpeg', bytes);
      const response = await t.app.inject({ method: 'POST', url: '/api/users/uploadPhoto', payload: upload.payload, headers: { ...headers, ...upload.headers } });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe('Only jpeg, jpg or png images are allowed');
    }
  });

  it('refuses a broken image, a too large file, a missing file and anonymous uploads', async () => {
    const { headers } = await t.createUser();
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
    let upload = multipart('photo', 'a.png', 'image/png', broken);
    let response = await t.app.inject({ method: 'POST', url: '/api/users/uploadPhoto', payload: upload.payload, headers: { ...headers, ...upload.headers } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);

    upload = multipart('photo', 'big.png', 'image/png', Buffer.concat([await png(10, 10), Buffer.alloc(6 * 1024 * 1024)]));
    response = await t.app.inject({ method: 'POST', url: '/api/users/uploadPhoto', payload: upload.payload, headers: { ...headers, ...upload.headers } });
    expect(response.statusCode).toBe(413);

    upload = multipart('other', 'a.png', 'image/png', await png(10, 10));
    response = await t.app.inject({ method: 'POST', url: '/api/users/uploadPhoto', payload: upload.payload, headers: { ...headers, ...upload.headers } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please select a file.');

    response = await t.app.inject({ method: 'POST', url: '/api/users/uploadPhoto', payload: { photo: 'x' }, headers });
    expect(response.statusCode).toBe(400);

    upload = multipart('photo', 'a.png', 'image/png', await png(10, 10));
    response = await t.app.inject({ method: 'POST', url: '/api/users/uploadPhoto', payload: upload.payload, headers: upload.headers });
    expect(response.statusCode).toBe(401);
  });

  it('serves only our own photo names', async () => {
    for (const name of ['..%2F..%2Fsecret.key', 'x.png', `${'a'.repeat(32)}.png`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/users/photo/${name}` });
      expect(response.statusCode).toBe(404);
    }
  });
});
