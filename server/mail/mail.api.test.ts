import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../test/harness.js';
import { ZDevMailboxResponse } from '../modules/dev-mailbox/routes.js';
import { sendPendingEmailsJob } from './jobs.js';
import { ACCOUNT_EMAILS_PER_HOUR, dispatchEmails, queueEmail, SEND_ACCOUNT_EMAIL_JOB, SEND_EMAIL_JOB } from './outbox.js';
import { emailRow, waitForJob, waitForStatus } from './testing.js';

let herald: TestHerald;
const ctx = { publicUrl: 'http://localhost:3000' };
const confirm = (code: string) => ({ firstName: 'Ada', link: `http://localhost:3000/confirm?token=t${code}&x=1`, code, minutes: 30, linkMinutes: 1440 });

beforeAll(async () => {
  herald = await createTestHerald();
});
afterAll(async () => herald?.close());

async function mailbox(to?: string) {
  const response = await herald.app!.inject({ method: 'GET', url: '/api/dev/mailbox/', query: to ? { to } : {} });
  expect(response.statusCode).toBe(200);
  return ZDevMailboxResponse.parse(response.json()).emails;
}

describe('outbox without SMTP', () => {
  it('configures retries with backoff for send-email and schedules the sweep every minute', async () => {
    const queue = await herald.queue!.boss.getQueue(SEND_EMAIL_JOB);
    expect(queue).toMatchObject({ retryLimit: 5, retryBackoff: true });
    const schedules = await herald.queue!.boss.getSchedules();
    expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'send-pending-emails', cron: '* * * * *' })]));
  });

  it('writes the email in the caller transaction, and a rollback leaves nothing', async () => {
    await expect(
      herald.database.db.transaction(async (tx) => {
        await queueEmail(tx, 'rollback@example.com', 'confirm-email', confirm('111111'), ctx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await mailbox('rollback@example.com')).toEqual([]);

    const id = (await herald.database.db.transaction((tx) => queueEmail(tx, 'commit@example.com', 'confirm-email', confirm('222222'), ctx)))!;
    const row = await emailRow(herald, id);
    expect(row).toMatchObject({ to: 'commit@example.com', template: 'confirm-email', status: 'pending', attempts: 0, sentAt: null });
    expect(row!.text).toContain('222222');
  });

  it('dispatches a job per email; the worker marks it sent and the dev mailbox lists it', async () => {
    const id = (await queueEmail(herald.database.db, 'Grace@Example.com', 'reset-code', { firstName: 'Grace', code: '333333', minutes: 15 }, ctx))!;
    await dispatchEmails(herald.queue, herald.database.db, [id]);
    // Dispatching again (as the sweep may) must not make a second job: the job id is the row id.
    await dispatchEmails(herald.queue, herald.database.db, [id]);
    const sent = await waitForStatus(herald, id, 'sent');
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.attempts).toBe(0);
    const jobs = await herald.database.sql<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'id' = $2`, [SEND_ACCOUNT_EMAIL_JOB, id]);
    expect(jobs.rows[0]!.n).toBe(1);

    const emails = await mailbox('grace@example.com');
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ id, to: 'Grace@Example.com', template: 'reset-code', status: 'sent', subject: 'Your Herald password reset code' });
    expect(emails[0]!.text).toContain('333333');
    expect(emails[0]!.html).toContain('333333');
    expect(new Date(emails[0]!.created_at).toISOString()).toBe(emails[0]!.created_at);
  });

  it('sends account emails on their own lane, and bulk mail on the other', async () => {
    const alert = { firstName: 'Lane', topicName: 'FOMC', title: 'Rates held', introduction: 'The Committee held rates. [1]', points: [], link: 'http://localhost:3000/a/1' };
    const bulk = await Promise.all(Array.from({ length: 5 }, (_, i) => queueEmail(herald.database.db, `bulk${i}@example.com`, 'breaking-alert', alert, ctx)));
    const code = (await queueEmail(herald.database.db, 'lane@example.com', 'reset-code', { firstName: 'Lane', code: '777777', minutes: 15 }, ctx))!;
    await dispatchEmails(herald.queue, herald.database.db, [...bulk, code]);
    const lanes = await herald.database.sql<{ name: string; id: string }>(`SELECT name, data->>'id' AS id FROM pgboss.job WHERE data->>'id' = ANY($1)`, [[...bulk, code]]);
    expect(lanes.rows.find((r) => r.id === code)?.name).toBe(SEND_ACCOUNT_EMAIL_JOB);
    expect(lanes.rows.filter((r) => bulk.includes(r.id)).map((r) => r.name)).toEqual(bulk.map(() => SEND_EMAIL_JOB));
    await waitForStatus(herald, code, 'sent');
    for (const id of bulk) await waitForStatus(herald, id, 'sent');
  });

  it('writes at most ACCOUNT_EMAILS_PER_HOUR account emails an hour to one address; other addresses and bulk mail go on', async () => {
    const ids: (string | null)[] = [];
    for (let i = 0; i <= ACCOUNT_EMAILS_PER_HOUR; i++) ids.push(await queueEmail(herald.database.db, 'Flooded@example.com', i % 2 ? 'reset-code' : 'confirm-email', i % 2 ? { firstName: 'F', code: '888888', minutes: 15 } : confirm('888888'), ctx));
    expect(ids.slice(0, ACCOUNT_EMAILS_PER_HOUR).every((id) => typeof id === 'string')).toBe(true);
    expect(ids[ACCOUNT_EMAILS_PER_HOUR]).toBeNull();
    expect(await mailbox('flooded@example.com')).toHaveLength(ACCOUNT_EMAILS_PER_HOUR);
    expect(await queueEmail(herald.database.db, 'calm@example.com', 'reset-code', { firstName: 'C', code: '999999', minutes: 15 }, ctx)).toEqual(expect.any(String));
    const brief = { firstName: 'F', date: 'today', articles: [], feedUrl: 'http://localhost:3000/' };
    expect(await queueEmail(herald.database.db, 'Flooded@example.com', 'daily-brief', brief, ctx)).toEqual(expect.any(String));
    // Rows of an hour ago no longer count.
    await herald.database.sql(`UPDATE outbox_emails SET created_at = now() - interval '61 minutes' WHERE "to" = 'Flooded@example.com'`, []);
    expect(await queueEmail(herald.database.db, 'Flooded@example.com', 'reset-code', { firstName: 'F', code: '121212', minutes: 15 }, ctx)).toEqual(expect.any(String));
  });

  it('does nothing for an email already sent', async () => {
    const id = (await queueEmail(herald.database.db, 'once@example.com', 'reset-code', { firstName: 'Once', code: '444444', minutes: 15 }, ctx))!;
    await dispatchEmails(herald.queue, herald.database.db, [id]);
    const first = await waitForStatus(herald, id, 'sent');
    const again = await herald.queue!.boss.send(SEND_ACCOUNT_EMAIL_JOB, { id });
    const job = await waitForJob(herald, SEND_ACCOUNT_EMAIL_JOB, again!, ['completed', 'failed']);
    expect(job.state).toBe('completed');
    expect(job.output).toMatchObject({ skipped: 'already sent' });
    expect((await emailRow(herald, id))!.sentAt).toEqual(first.sentAt);
  });

  it('does not throw without a queue: the row waits for the sweep', async () => {
    const id = (await queueEmail(herald.database.db, 'noqueue@example.com', 'reset-code', { firstName: 'N', code: '555555', minutes: 15 }, ctx))!;
    await expect(dispatchEmails(undefined, herald.database.db, [id])).resolves.toBeUndefined();
    expect((await emailRow(herald, id))!.status).toBe('pending');
  });

  it('the sweep re-dispatches pending emails older than a minute, and only those', async () => {
    const [old] = await herald.database.db
      .insert(outboxEmails)
      .values({ to: 'old@example.com', subject: 'Old', text: 'old', html: '<p>old</p>', template: 'reset-code', createdAt: new Date(Date.now() - 5 * 60_000) })
      .returning({ id: outboxEmails.id });
    const fresh = (await queueEmail(herald.database.db, 'fresh@example.com', 'reset-code', { firstName: 'F', code: '666666', minutes: 15 }, ctx))!;

    const sweep = await herald.queue!.boss.send(sendPendingEmailsJob.name, {});
    const job = await waitForJob(herald, sendPendingEmailsJob.name, sweep!, ['completed', 'failed']);
    expect(job.state).toBe('completed');
    await waitForStatus(herald, old!.id, 'sent');
    expect(await herald.queue!.boss.getJobById(SEND_ACCOUNT_EMAIL_JOB, fresh)).toBeNull();
    expect((await emailRow(herald, fresh))!.status).toBe('pending');
  });

  it('lists at most 50 emails, newest first', async () => {
    const base = Date.now() - 60 * 60_000;
    await herald.database.db.insert(outboxEmails).values(
      Array.from({ length: 55 }, (_, i) => ({
        to: 'many@example.com',
        subject: `Email ${i}`,
        text: `text ${i}`,
        html: `<p>${i}</p>`,
        template: 'reset-code',
        status: 'sent' as const,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const emails = await mailbox('many@example.com');
    expect(emails).toHaveLength(50);
    expect(emails[0]!.subject).toBe('Email 54');
    expect(emails[49]!.subject).toBe('Email 5');
    expect((await mailbox()).length).toBe(50);
  });

  it('serves the mailbox page: escaped, links clickable, HTML sandboxed, no scripts', async () => {
    await queueEmail(herald.database.db, 'page@example.com', 'invite', {
      inviterName: '<script>alert(1)</script>',
      accountName: 'Acme',
      link: 'http://localhost:3000/invite?token=abc&x=1',
      expiresAt: new Date('2030-01-01T00:00:00Z'),
    }, ctx);
    const response = await herald.app!.inject({ method: 'GET', url: '/dev/mailbox', query: { to: 'page@example.com' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    expect(body).not.toMatch(/<script/i);
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; invited you to Acme on Herald');
    expect(body).toContain('<a href="http://localhost:3000/invite?token=abc&amp;x=1">http://localhost:3000/invite?token=abc&amp;x=1</a>');
    expect(body).toMatch(/<iframe [^>]*sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="&lt;!doctype html&gt;/);
    expect(body).toContain('value="page@example.com"');
    expect(body).toContain('page@example.com');
  });
});

describe('dev mailbox in production or with a real mail server', () => {
  it('does not exist with a mail server configured', async () => {
    const withSmtp = await createTestHerald({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      expect((await withSmtp.app!.inject({ method: 'GET', url: '/api/dev/mailbox/' })).statusCode).toBe(404);
    } finally {
      await withSmtp.close();
    }
  });

  it('does not exist in production', async () => {
    const production = await createTestHerald({ NODE_ENV: 'production' });
    try {
      const api = await production.app!.inject({ method: 'GET', url: '/api/dev/mailbox/' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 'not_found' });
      const page = await production.app!.inject({ method: 'GET', url: '/dev/mailbox', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
