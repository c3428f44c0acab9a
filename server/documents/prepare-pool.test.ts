import { afterAll, describe, expect, it } from 'vitest';
import type { RawDocument } from './raw.js';
import { prepareDocument } from './normalise.js';
import { closePreparePool, MIN_OFF_THREAD, prepareOffThread } from './prepare-pool.js';

const now = new Date('2026-11-26T10:00:00Z');
const raw = (n: number): RawDocument => ({
  externalId: `doc-${n}`,
  title: `Port authority approves berth ${n} expansion`,
  html: `<html><body><article><h1>Berth ${n}</h1><p>The port authority approved the expansion of berth ${n} on Tuesday after a consultation of four months. The works add ${n * 100} metres of quay.</p></article></body></html>`,
  text: '',
  url: `https://port.example/news/${n}`,
  publishedAt: new Date('2026-11-25T08:00:00Z'),
  contentType: 'article',
});

afterAll(closePreparePool);

describe('preparing documents on worker threads', () => {
  it('gives what this thread gives, in order, with rejections said', async () => {
    const raws = [raw(1), raw(2), { ...raw(3), externalId: '' }, raw(4), raw(5)];
    const off = await prepareOffThread(raws, 1, now);
    expect(off).toHaveLength(5);
    expect(off![2]).toEqual({ rejected: 'document without an external id' });
    for (const i of [0, 1, 3, 4]) expect(off![i]).toEqual(await prepareDocument(raws[i]!, 1, now));
  });

  it('leaves a page of a few documents to this thread', async () => {
    expect(await prepareOffThread([raw(1)].slice(0, MIN_OFF_THREAD - 1), 1, now)).toBeUndefined();
  });
});
