import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local push service for tests: an http server on 127.0.0.1 that records what web-push posts
 * (headers, the encrypted body, when it came) and answers each path's status (201 by default; 410
 * to play a subscription that is gone). `browser()` makes a subscription as a browser would (a
 * P-256 key pair and an auth secret) and can decrypt what was pushed to it (RFC 8291, aes128gcm).
 */
export interface PushRecord {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export interface FakeBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The JSON payload of a push to this browser. */
  read(record: PushRecord): unknown;
}

export interface FakePushService {
  url: string;
  records: PushRecord[];
  /** Answers this status for a path from now on. */
  answer(path: string, status: number): void;
  /** Resolves with the next push received (or one already received after `since` records). */
  next(since?: number): Promise<PushRecord>;
  browser(path?: string): FakeBrowser;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const records: PushRecord[] = [];
  const statuses = new Map<string, number>();
  const waiting: { since: number; resolve: (r: PushRecord) => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const record = { path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks), at: performance.now() };
      records.push(record);
      for (const w of waiting.splice(0)) {
        if (records.length > w.since) w.resolve(records[w.since]!);
        else waiting.push(w);
      }
      response.writeHead(statuses.get(record.path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let n = 0;
  return {
    url,
    records,
    answer: (path, status) => statuses.set(path, status),
    next: (since = records.length) => (records.length > since ? Promise.resolve(records[since]!) : new Promise((resolve) => waiting.push({ since, resolve }))),
    browser(path = `/push/${++n}`) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return { endpoint: `${url}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') }, read: (record) => JSON.parse(decrypt(record.body, ecdh, auth).toString('utf8')) as unknown };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 8291 (aes128gcm, one record): the receiving browser's side. */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, info, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  return padded.subarray(0, end); // the last non-zero byte is the record's delimiter (2)
}
