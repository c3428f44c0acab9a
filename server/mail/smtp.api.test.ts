import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHerald, type TestHerald } from '../test/harness.js';
import { dispatchEmails, queueEmail, SEND_EMAIL_JOB } from './outbox.js';
import { emailRow, waitFor, waitForJob, waitForStatus } from './testing.js';

/** A real SMTP receiver on loopback: what Herald sends is parsed as a mail client would. */
const received: { mail: ParsedMail; envelopeTo: string[] }[] = [];
const smtp = new SMTPServer({
  // Plain SMTP on loopback: no certificate to offer, and no credentials to check.
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address.startsWith('reject')) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    callback();
  },
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        received.push({ mail, envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});

let herald: TestHerald;
const ctx = { publicUrl: 'http://herald.test' };
const MAIL_FROM = 'Herald Test <herald@example.test>';

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  herald = await createTestHerald({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM, PUBLIC_URL: ctx.publicUrl });
});
afterAll(async () => {
  await herald?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('delivery over SMTP', () => {
  it('delivers a queued email with from, to, subject, text and HTML, then marks it sent', async () => {
    const link = 'http://herald.test/confirm?token=abc&x=1';
    const id = (await herald.database.db.transaction((tx) =>
      queueEmail(tx, 'ada@example.com', 'confirm-email', { firstName: 'Ada <3', link, code: '123456', minutes: 30, linkMinutes: 1440 }, ctx),
    ))!;
    await dispatchEmails(herald.queue, herald.database.db, [id]);
    const row = await waitForStatus(herald, id, 'sent');
    expect(row.attempts).toBe(0);
    expect(row.sentAt).toBeInstanceOf(Date);

    const got = await waitFor('the email to arrive', async () => received.find((r) => r.envelopeTo.includes('ada@example.com')));
    const { mail } = got;
    expect(mail.from?.value).toEqual([{ name: 'Herald Test', address: 'herald@example.test' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((v) => v.address) : []).toEqual(['ada@example.com']);
    expect(mail.subject).toBe('Confirm your email for Herald');
    // Its Message-ID is its outbox row's: a retry would carry the same one.
    expect(mail.messageId).toBe(`<outbox-${id}@example.test>`);
    expect(mail.text).toContain('Hi Ada <3,');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('123456');
    expect(mail.html).toContain('Hi Ada &lt;3,');
    expect(mail.html).toContain('href="http://herald.test/confirm?token=abc&amp;x=1"');
    expect(mail.html).toContain('123456');

    // A second job for the same row sends nothing more.
    const again = await herald.queue!.boss.send(SEND_EMAIL_JOB, { id });
    await waitForJob(herald, SEND_EMAIL_JOB, again!, ['completed']);
    expect(received.filter((r) => r.envelopeTo.includes('ada@example.com'))).toHaveLength(1);
  });

  it('records a failed attempt on the row and leaves the retry to pg-boss', async () => {
    const id = (await queueEmail(herald.database.db, 'reject-once@example.com', 'reset-code', { firstName: 'R', code: '234567', minutes: 15 }, ctx))!;
    // A long delay keeps the retry out of this test's way.
    await herald.queue!.boss.send(SEND_EMAIL_JOB, { id }, { id, retryLimit: 3, retryDelay: 3600, retryBackoff: false });
    const job = await waitForJob(herald, SEND_EMAIL_JOB, id, ['retry']);
    expect(job.retryCount).toBe(0);
    const row = await emailRow(herald, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(row!.lastError).toMatch(/Mailbox unavailable|recipients were rejected/);
  });

  it('marks the row failed after the last attempt', async () => {
    const id = (await queueEmail(herald.database.db, 'reject-always@example.com', 'reset-code', { firstName: 'R', code: '345678', minutes: 15 }, ctx))!;
    await herald.queue!.boss.send(SEND_EMAIL_JOB, { id }, { id, retryLimit: 2, retryDelay: 0, retryBackoff: false });
    const row = await waitForStatus(herald, id, 'failed');
    expect(row.attempts).toBe(3);
    expect(row.lastError).toMatch(/Mailbox unavailable|recipients were rejected/);
    const job = await waitForJob(herald, SEND_EMAIL_JOB, id, ['failed']);
    expect(job.retryCount).toBe(2);
    expect(received.some((r) => r.envelopeTo.some((to) => to.startsWith('reject')))).toBe(false);
  });
});
