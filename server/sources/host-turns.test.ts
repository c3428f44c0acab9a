import { describe, expect, it } from 'vitest';
import { hostOf, takeTurn } from './host-turns.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('host turns', () => {
  it('reads the host of a feed URL or an API base URL', () => {
    expect(hostOf({ url: 'https://Example.org/feed.xml' })).toBe('example.org');
    expect(hostOf({ baseUrl: 'https://export.arxiv.org/api/query', query: 'x' })).toBe('export.arxiv.org');
    expect(hostOf({ limit: 3 })).toBeNull();
    expect(hostOf({ url: 'not a url' })).toBeNull();
  });

  it('runs one at a time per host, in order, and hosts side by side', async () => {
    const log: string[] = [];
    const job = (host: string, name: string) =>
      takeTurn(host, async () => {
        log.push(`${name} start`);
        await pause(20);
        log.push(`${name} end`);
      });
    await Promise.all([job('a', 'a1'), job('a', 'a2'), job('b', 'b1')]);
    expect(log.indexOf('a1 end')).toBeLessThan(log.indexOf('a2 start'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });

  it('frees the host after a failure', async () => {
    await expect(takeTurn('c', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(takeTurn('c', async () => 'next')).resolves.toBe('next');
  });
});
