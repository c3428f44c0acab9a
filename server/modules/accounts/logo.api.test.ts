import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, ACCOUNT_TEXT, LOGO_MAX_BYTES } from '../../../contract/accounts.js';
import { accountHerald, accountKit, type Person } from './account-test-kit.js';
import { logoDir } from './logo.js';
import { imageOf, multipartBody, pngClaiming, pngOf } from './test-images.js';

let herald: Awaited<ReturnType<typeof accountHerald>>;
let kit: ReturnType<typeof accountKit>;
let owner: Person;
beforeAll(async () => {
  herald = await accountHerald();
  kit = accountKit(herald);
});
// A fresh admin per test: uploads are rate-limited per user.
beforeEach(async () => {
  owner = await kit.admin();
});
afterAll(async () => herald?.close());

const upload = (file: Buffer, options: Parameters<typeof multipartBody>[1] = {}, by = owner) => {
  const { body, contentType } = multipartBody(file, options);
  return herald.app!.inject({ method: 'POST', url: '/api/a/upload-logo/', headers: { authorization: `Bearer ${by.access}`, 'content-type': contentType }, payload: body });
};
const storedFiles = async () => (existsSync(logoDir(herald.dataDir)) ? (await readdir(logoDir(herald.dataDir))).sort() : []);
const currentLogo = async (by = owner) => (await kit.call('GET', '/api/a/info/', by.access)).json().logo_url as string | null;

/** Asserts the upload was refused with `status` and `code`, and that nothing changed on disk or in the account. */
async function expectRefused(response: { statusCode: number; json(): unknown }, status: number, code: string, message?: string) {
  const before = { files: await storedFiles(), logo: await currentLogo() };
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ code, ...(message ? { error: message } : {}) });
  expect({ files: await storedFiles(), logo: await currentLogo() }).toEqual(before);
}

describe('POST /a/upload-logo/', () => {
  it('stores a PNG re-encoded under a server-chosen name and serves it as image/png', async () => {
    const before = await storedFiles();
    const response = await upload(await pngOf(300, 200), { filename: '../../evil name.png' });
    expect(response.statusCode).toBe(200);
    const { logo_url: url } = response.json() as { logo_url: string };
    expect(url).toMatch(/^\/api\/a\/logo\/[0-9a-f]{32}\.png$/);
    expect(await storedFiles()).toEqual([...before, url.split('/').pop()].sort());
    expect((await kit.call('GET', '/api/me/', owner.access)).json().account_logo).toBe(url);

    const served = await herald.app!.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 300, height: 200 });
  });

  it('accepts JPEG, WebP and GIF, shrinks large images to fit 512 px, and deletes the logo it replaces', async () => {
    const before = await storedFiles();
    const first = (await upload(await pngOf(10, 10))).json().logo_url as string;
    const jpeg = await upload(await imageOf(1600, 1200, 'jpeg'), { filename: 'photo.jpg', type: 'image/jpeg' });
    expect(jpeg.statusCode).toBe(200);
    const url = jpeg.json().logo_url as string;
    expect(await sharp((await herald.app!.inject({ method: 'GET', url })).rawPayload).metadata()).toMatchObject({ format: 'png', width: 512, height: 384 });
    expect(await storedFiles()).toEqual([...before, url.split('/').pop()].sort());
    expect((await herald.app!.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    for (const format of ['webp', 'gif'] as const) {
      // The declared type and name are ignored: only the bytes say what the file is.
      expect((await upload(await imageOf(64, 64, format), { filename: 'logo.bin', type: 'application/octet-stream' })).statusCode).toBe(200);
    }
    expect(await storedFiles()).toHaveLength(before.length + 1);
  });

  it('refuses a text file, SVG or HTML named .png with the spec’s message', async () => {
    await expectRefused(await upload(Buffer.from('just some text, not an image\n'.repeat(300))), 415, 'logo_not_image', ACCOUNT_TEXT.notImage);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await expectRefused(await upload(Buffer.from(svg), { type: 'image/svg+xml' }), 415, 'logo_not_image');
    await expectRefused(await upload(Buffer.from('<!doctype html><html><body onload="alert(1)">x</body></html>')), 415, 'logo_not_image');
    // A PDF is a known type, but not an image.
    await expectRefused(await upload(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')), 415, 'logo_not_image');
  });

  it('refuses an empty file, a broken image and a PNG whose header claims 20000 × 20000', async () => {
    await expectRefused(await upload(Buffer.alloc(0)), 400, 'logo_empty', ACCOUNT_TEXT.notImage);
    const png = await pngOf(64, 64);
    await expectRefused(await upload(Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)])), 400, 'logo_unreadable', ACCOUNT_ERRORS.logoUnreadable);
    await expectRefused(await upload(pngClaiming(20000, 20000)), 400, 'logo_dimensions', ACCOUNT_ERRORS.logoDimensions);
    await expectRefused(await upload(pngClaiming(6001, 10)), 400, 'logo_dimensions');
  });

  it('refuses a 6 MB upload from its declared length, before reading it', async () => {
    const big = Buffer.concat([await pngOf(16, 16), Buffer.alloc(6 * 1024 * 1024)]);
    await expectRefused(await upload(big), 413, 'logo_too_large', ACCOUNT_TEXT.tooLarge);
  });

  it('stops reading a streamed upload without a length once it passes 5 MB', async () => {
    const before = await storedFiles();
    await herald.app!.listen({ port: 0, host: '127.0.0.1' });
    const { port } = herald.app!.server.address() as AddressInfo;
    const { body, contentType } = multipartBody(Buffer.concat([await pngOf(16, 16), Buffer.alloc(6 * 1024 * 1024)]));
    const chunkSize = 64 * 1024;
    const result = await new Promise<{ status: number; connection?: string; sentWhenAnswered: number; body: string }>((resolve, reject) => {
      let sent = 0;
      let sentWhenAnswered = -1;
      const req = httpRequest({ port, agent: false, method: 'POST', path: '/api/a/upload-logo/', headers: { authorization: `Bearer ${owner.access}`, 'content-type': contentType, 'transfer-encoding': 'chunked' } }, (res) => {
        sentWhenAnswered = sent;
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode!, connection: res.headers.connection, sentWhenAnswered, body: text });
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        // The server may close the connection once it has answered: that is the point.
        if (sentWhenAnswered < 0) reject(error);
      });
      // Send slowly enough that an answer can arrive before the whole body is out.
      const pump = () => {
        if (sentWhenAnswered >= 0 || sent >= body.length) return void req.end();
        const piece = body.subarray(sent, sent + chunkSize);
        sent += piece.length;
        if (req.write(piece)) setTimeout(pump, 2);
        else req.once('drain', () => setTimeout(pump, 2));
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(result.connection).toBe('close');
    expect(JSON.parse(result.body)).toMatchObject({ code: 'logo_too_large' });
    expect(result.sentWhenAnswered).toBeLessThan(body.length);
    expect(result.sentWhenAnswered).toBeGreaterThan(LOGO_MAX_BYTES - chunkSize * 4);
    expect(await storedFiles()).toEqual(before);
    expect(await currentLogo()).toBeNull();
  });

  it('refuses a request without a file or not in multipart form', async () => {
    const boundary = 'B';
    const noFile = await herald.app!.inject({
      method: 'POST',
      url: '/api/a/upload-logo/',
      headers: { authorization: `Bearer ${owner.access}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    await expectRefused(noFile, 400, 'logo_missing');
    await expectRefused(await kit.call('POST', '/api/a/upload-logo/', owner.access, { logo: 'data:image/png;base64,AAAA' }), 415, 'unsupported_media_type');
  });
});

describe('DELETE /a/delete-logo/ and GET /a/logo/{file}', () => {
  it('removes the logo and its file; the old address answers 404', async () => {
    const before = await storedFiles();
    const url = (await upload(await pngOf(40, 40))).json().logo_url as string;
    const response = await kit.call('DELETE', '/api/a/delete-logo/', owner.access);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ logo_url: null });
    expect(await storedFiles()).toEqual(before);
    expect((await kit.call('GET', '/api/me/', owner.access)).json().account_logo).toBeNull();
    expect((await herald.app!.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await kit.call('DELETE', '/api/a/delete-logo/', owner.access)).statusCode).toBe(200);
  });

  it('serves only server-chosen names', async () => {
    for (const name of ['..%2F..%2Fpglite', 'logo.svg', `${'a'.repeat(32)}.PNG`, `${'a'.repeat(31)}.png`]) {
      expect((await herald.app!.inject({ method: 'GET', url: `/api/a/logo/${name}` })).statusCode).toBe(400);
    }
    expect((await herald.app!.inject({ method: 'GET', url: `/api/a/logo/${'a'.repeat(32)}.png` })).statusCode).toBe(404);
  });

  it('keeps one account’s logo out of another account’s reach', async () => {
    const mine = (await upload(await pngOf(20, 20))).json().logo_url as string;
    const outsider = await kit.admin();
    expect((await kit.call('DELETE', '/api/a/delete-logo/', outsider.access)).statusCode).toBe(200);
    expect(await currentLogo()).toBe(mine);
    const theirs = (await upload(await pngOf(20, 20), {}, outsider)).json().logo_url as string;
    expect(theirs).not.toBe(mine);
    expect(await currentLogo()).toBe(mine);
  });
});
