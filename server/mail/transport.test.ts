import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { deliver, linksAndCodes } from './transport.js';

const email = {
  to: 'ada@example.com',
  subject: 'Confirm your email for Herald',
  text: 'Confirm: http://localhost:3000/confirm?token=998877665544.\n\n    123456\n\nExpires in 30 minutes (see https://herald.example.com).',
  html: '<p>ignored</p>',
};

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('mail transport', () => {
  it('finds links and 6-digit codes, ignoring digits inside links and final punctuation', () => {
    expect(linksAndCodes(email.text)).toEqual({
      links: ['http://localhost:3000/confirm?token=998877665544', 'https://herald.example.com'],
      codes: ['123456'],
    });
  });

  it('without SMTP_URL sends nothing and logs the recipient, subject, links and codes', async () => {
    const { logger, lines } = capturingLogger();
    const via = await deliver({ smtpUrl: undefined, mailFrom: 'Herald <no-reply@localhost>' }, logger, email);
    expect(via).toBe('log');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      to: 'ada@example.com',
      subject: email.subject,
      links: ['http://localhost:3000/confirm?token=998877665544', 'https://herald.example.com'],
      codes: ['123456'],
    });
  });

  it('rejects when nothing listens at SMTP_URL', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const { logger } = capturingLogger();
    await expect(deliver({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Herald <no-reply@localhost>' }, logger, email)).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });
});
