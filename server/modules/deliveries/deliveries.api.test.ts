import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERIES_PER_OWNER, DELIVERY_FAILURES_TO_DISABLE, DELIVERY_MESSAGES, type TDeliveryTarget } from '../../../contract/deliveries.js';
import { deliveryTargets, outboxDeliveries, users } from '../../db/schema/index.js';
import { dispatchDeliveries, queueDeliveries } from '../../deliveries/outbox.js';
import { deliverPendingJob } from '../../deliveries/jobs.js';
import { deliverNewArticle } from '../../deliveries/payload.js';
import { deliverRow } from '../../deliveries/send.js';
import { sendAlert } from '../../pipeline/alert.js';
import { sendBrief } from '../../pipeline/brief.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { feedKit } from '../feed/feed-test-kit.js';

/** A receiver on loopback: records each request; answers `status` (changeable). */
function receiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string; path: string }[] = [];
  let status = 200;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body, path: request.url ?? '' });
      response.writeHead(status).end('ok');
    });
  });
  return {
    received,
    answer: (next: number) => (status = next),
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let herald: TestHerald;
let strict: TestHerald;
let kit: ReturnType<typeof feedKit>;
const hook = receiver();
let hookUrl: string;
beforeAll(async () => {
  [herald, strict, hookUrl] = await Promise.all([createTestHerald({ DELIVERY_ALLOW_PRIVATE: '1', PUBLIC_URL: 'https://herald.example.com' }), createTestHerald(), hook.listen()]);
  kit = feedKit(herald);
});
afterAll(async () => {
  await Promise.all([herald?.close(), strict?.close(), hook.close()]);
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown, app = herald.app!) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
const stage = () => ({ database: herald.database, search: herald.search, config: herald.config, logger: herald.logger });
const attempt = (retryCount = 0) => ({ id: 'job', retryCount, retryLimit: 12 });
const verify = (secret: string, request: { headers: http.IncomingHttpHeaders; body: string }) =>
  request.headers['herald-signature'] === `v1=${createHmac('sha256', secret).update(`${String(request.headers['herald-timestamp'])}.${request.body}`).digest('hex')}`;
const rowsOf = (targetId: string) => herald.database.db.select().from(outboxDeliveries).where(eq(outboxDeliveries.targetId, targetId));

describe('delivery targets', () => {
  it('adds, lists, changes and deletes a user’s targets, refusing bad input with the field at fault', async () => {
    const me = await kit.reader({ topics: ['Monetary policy', 'Bank capital'] });
    const other = await kit.reader();
    const made = await call('POST', '/api/me/deliveries/', me.access, { name: 'Ops hook', kind: 'webhook', url: `${hookUrl}/hooks/secret-path`, events: ['alerts', 'articles'], topic_ids: [me.topics[0]!.id] });
    expect(made.statusCode).toBe(201);
    const target = made.json() as TDeliveryTarget;
    expect(target).toMatchObject({ name: 'Ops hook', kind: 'webhook', url_hint: `${hookUrl}/…`, events: ['alerts', 'articles'], topic_ids: [me.topics[0]!.id], scope: 'user', enabled: true, disabled_reason: null });
    expect(target.signing_secret).toMatch(/^whsec_/);
    const [stored] = await herald.database.db.select().from(deliveryTargets).where(eq(deliveryTargets.id, target.id));
    expect(JSON.stringify(stored)).not.toContain('secret-path');
    expect((await call('GET', '/api/me/deliveries/', me.access)).json().targets).toEqual([target]);
    expect((await call('GET', '/api/me/deliveries/', other.access)).json().targets).toEqual([]);

    const cases: [Record<string, unknown>, string, string?][] = [
      [{ name: 'ops HOOK', kind: 'webhook', url: hookUrl, events: ['alerts'] }, 'name', DELIVERY_MESSAGES.nameTaken],
      [{ name: 'a', kind: 'webhook', url: 'ftp://example.com/x', events: ['alerts'] }, 'url', DELIVERY_MESSAGES.urlInvalid],
      [{ name: 'a', kind: 'webhook', url: 'not a url', events: ['alerts'] }, 'url', DELIVERY_MESSAGES.urlInvalid],
      [{ name: 'a', kind: 'webhook', url: hookUrl, events: ['articles'] }, 'topic_ids', DELIVERY_MESSAGES.topicsNeeded],
      [{ name: 'a', kind: 'webhook', url: hookUrl, events: ['articles'], topic_ids: [other.topics[0]!.id] }, 'topic_ids', DELIVERY_MESSAGES.topicUnknown],
      [{ name: 'a', kind: 'webhook', url: hookUrl, events: [] }, 'events'],
      [{ name: 'a', kind: 'email', url: hookUrl, events: ['alerts'] }, 'kind'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await call('POST', '/api/me/deliveries/', me.access, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.json().fields ?? {}), JSON.stringify(body)).toContain(field);
      if (message) expect(answer.json().fields[field]).toEqual([message]);
    }

    const changed = await call('PATCH', `/api/me/deliveries/${target.id}/`, me.access, { name: 'Renamed', events: ['brief'], enabled: false });
    expect(changed.json()).toMatchObject({ name: 'Renamed', events: ['brief'], topic_ids: [], enabled: false, disabled_reason: null });
    expect((await call('PATCH', `/api/me/deliveries/${target.id}/`, other.access, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/me/deliveries/${target.id}/`, other.access)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/me/deliveries/${target.id}/`, me.access)).statusCode).toBe(204);
    expect((await call('GET', '/api/me/deliveries/', me.access)).json().targets).toEqual([]);

    for (let i = 0; i < DELIVERIES_PER_OWNER; i++) expect((await call('POST', '/api/me/deliveries/', me.access, { name: `t${i}`, kind: 'slack', url: hookUrl, events: ['brief'] })).statusCode).toBe(201);
    expect((await call('POST', '/api/me/deliveries/', me.access, { name: 'one more', kind: 'slack', url: hookUrl, events: ['brief'] })).json().code).toBe('delivery_limit');
  });

  it('refuses private and loopback addresses unless DELIVERY_ALLOW_PRIVATE is set', async () => {
    const strictKit = feedKit(strict);
    const me = await strictKit.reader();
    // A name that resolves inside is refused when added too, not only when a delivery connects.
    for (const url of [hookUrl, 'http://10.1.2.3/hook', 'http://[::1]:8080/x', 'http://169.254.169.254/latest', 'http://localhost:8080/hook']) {
      const answer = await call('POST', '/api/me/deliveries/', me.access, { name: 'inside', kind: 'webhook', url, events: ['alerts'] }, strict.app!);
      expect(answer.json().fields?.url, url).toEqual([DELIVERY_MESSAGES.urlPrivate]);
    }
  });

  it('Send test posts a signed test payload (webhook) or a message (Slack), and says what the receiver answered', async () => {
    const me = await kit.reader();
    const webhook = (await call('POST', '/api/me/deliveries/', me.access, { name: 'hook', kind: 'webhook', url: `${hookUrl}/w`, events: ['alerts'] })).json() as TDeliveryTarget;
    const slack = (await call('POST', '/api/me/deliveries/', me.access, { name: 'slack', kind: 'slack', url: `${hookUrl}/services/T000/B000/XXXX`, events: ['alerts'] })).json() as TDeliveryTarget;
    const before = hook.received.length;
    const tested = await call('POST', `/api/me/deliveries/${webhook.id}/test/`, me.access);
    expect(tested.json()).toMatchObject({ ok: true, status: 200 });
    const got = hook.received[before]!;
    expect(got.path).toBe('/w');
    expect(JSON.parse(got.body)).toMatchObject({ type: 'test', user: { id: me.userId, email: me.email } });
    expect(verify(webhook.signing_secret!, got)).toBe(true);
    expect(verify('whsec_wrong', got)).toBe(false);
    expect(got.headers['herald-delivery']).toBe(JSON.parse(got.body).id);

    expect((await call('POST', `/api/me/deliveries/${slack.id}/test/`, me.access)).json().ok).toBe(true);
    const message = hook.received.at(-1)!;
    expect(message.path).toBe('/services/T000/B000/XXXX');
    expect(JSON.parse(message.body)).toEqual({ text: expect.stringContaining('test message') });
    expect(message.headers['herald-signature']).toBeUndefined();

    hook.answer(500);
    try {
      const failed = (await call('POST', `/api/me/deliveries/${webhook.id}/test/`, me.access)).json();
      expect(failed).toMatchObject({ ok: false, status: 500 });
      expect((await call('GET', '/api/me/deliveries/', me.access)).json().targets[0].last_error).toContain('500');
    } finally {
      hook.answer(200);
    }
  });

  it('a breaking alert, a new article of a chosen topic and the brief reach the targets that want them, once each', async () => {
    const me = await kit.reader({ topics: ['Monetary policy', 'Bank capital'] });
    await herald.database.db.update(users).set({ newsletter: true }).where(eq(users.id, me.userId));
    const [monetary, capital] = me.topics.map((t) => t.id) as [number, number];
    const alertsHook = (await call('POST', '/api/me/deliveries/', me.access, { name: 'alerts', kind: 'webhook', url: `${hookUrl}/alerts`, events: ['alerts', 'brief'] })).json() as TDeliveryTarget;
    const capitalHook = (await call('POST', '/api/me/deliveries/', me.access, { name: 'capital', kind: 'webhook', url: `${hookUrl}/capital`, events: ['articles'], topic_ids: [capital] })).json() as TDeliveryTarget;

    // Articles: only the target that chose the topic, once however often the job runs.
    const onCapital = await kit.publish(me.userId, capital, { title: 'Basel endgame revised' });
    const onMonetary = await kit.publish(me.userId, monetary, { title: 'Minutes released' });
    expect(await deliverNewArticle(herald.database.db, undefined, herald.config.publicUrl, onCapital)).toBe(1);
    expect(await deliverNewArticle(herald.database.db, undefined, herald.config.publicUrl, onCapital)).toBe(0);
    expect(await deliverNewArticle(herald.database.db, undefined, herald.config.publicUrl, onMonetary)).toBe(0);
    const [articleRow] = await rowsOf(capitalHook.id);
    expect(articleRow).toMatchObject({ itemKey: `article:${onCapital}`, status: 'pending' });
    expect(await deliverRow(herald.database, true, articleRow!.id, attempt())).toEqual({ result: 'sent' });
    const posted = hook.received.at(-1)!;
    expect(JSON.parse(posted.body)).toMatchObject({ id: articleRow!.id, type: 'article', article: { id: onCapital, title: 'Basel endgame revised', url: `https://herald.example.com/a/${onCapital}`, topic: { id: capital, name: 'Bank capital' } } });
    expect(verify(capitalHook.signing_secret!, posted)).toBe(true);
    expect(await deliverRow(herald.database, true, articleRow!.id, attempt())).toEqual({ result: 'already sent' });

    // A breaking alert: written in the alert's transaction, beside the email.
    const past = Date.now() - 3 * 86_400_000;
    for (let i = 0; i < 20; i++) await kit.publish(me.userId, monetary, { finalRank: 0.7, publishedAt: new Date(past + i * 60_000) });
    const breaking = await kit.publish(me.userId, monetary, { title: 'Emergency cut', finalRank: 0.95, storyId: await kit.story(me.userId) });
    expect(await sendAlert(stage(), breaking)).toBe('sent');
    expect(await sendAlert(stage(), breaking)).toBe('already');
    const alertRows = (await rowsOf(alertsHook.id)).filter((row) => row.itemKey === `alert:${breaking}`);
    expect(alertRows).toHaveLength(1);
    expect(alertRows[0]!.payload).toMatchObject({ type: 'alert', article: { title: 'Emergency cut' } });
    expect((await rowsOf(capitalHook.id)).some((row) => row.itemKey.startsWith('alert:'))).toBe(false);

    expect(await sendBrief(stage(), me.userId)).toBe('sent');
    const briefRows = (await rowsOf(alertsHook.id)).filter((row) => row.itemKey.startsWith('brief:'));
    expect(briefRows).toHaveLength(1);
    expect((briefRows[0]!.payload as { brief: { articles: unknown[] } }).brief.articles.length).toBeGreaterThan(0);
  });

  it('a receiver answering 410 turns its target off at once; repeated failures retry, then turn it off with the reason', async () => {
    const me = await kit.reader();
    const target = (await call('POST', '/api/me/deliveries/', me.access, { name: 'flaky', kind: 'webhook', url: `${hookUrl}/flaky`, events: ['alerts'] })).json() as TDeliveryTarget;
    const item = (n: number) => queueDeliveries(herald.database.db, { userId: me.userId, type: 'alert', itemKey: `alert:test-${target.id}-${n}`, payload: { type: 'alert', created_at: new Date().toISOString(), user: { id: me.userId, email: me.email } } });
    hook.answer(503);
    try {
      // A failure that may still succeed: recorded, then thrown for the queue to retry.
      const [first] = await item(1);
      await expect(deliverRow(herald.database, true, first!, attempt(0))).rejects.toThrow('503');
      expect((await herald.database.db.select().from(outboxDeliveries).where(eq(outboxDeliveries.id, first!)))[0]).toMatchObject({ status: 'pending', attempts: 1 });
      // Spent retries fail the delivery; DELIVERY_FAILURES_TO_DISABLE of them in a row turn the target off.
      for (let n = 1; n <= DELIVERY_FAILURES_TO_DISABLE; n++) {
        const [id] = n === 1 ? [first!] : await item(n);
        expect(await deliverRow(herald.database, true, id!, attempt(12))).toEqual({ result: 'failed' });
      }
      const off = (await call('GET', '/api/me/deliveries/', me.access)).json().targets[0] as TDeliveryTarget;
      expect(off.enabled).toBe(false);
      expect(off.disabled_reason).toContain(`${DELIVERY_FAILURES_TO_DISABLE} deliveries in a row failed`);
      expect(await item(99)).toEqual([]);

      // Turned back on, a 410 turns it off again at once.
      expect((await call('PATCH', `/api/me/deliveries/${target.id}/`, me.access, { enabled: true })).json()).toMatchObject({ enabled: true, disabled_reason: null });
      hook.answer(410);
      const [gone] = await item(100);
      expect(await deliverRow(herald.database, true, gone!, attempt(0))).toEqual({ result: 'gone' });
      const goneTarget = (await call('GET', '/api/me/deliveries/', me.access)).json().targets[0] as TDeliveryTarget;
      expect(goneTarget).toMatchObject({ enabled: false });
      expect(goneTarget.disabled_reason).toContain('410 Gone');
    } finally {
      hook.answer(200);
    }
    await dispatchDeliveries(undefined, []);
  });

  it('goes through the job queue, and the sweep posts a delivery whose job was never sent (a crash before dispatch)', async () => {
    const me = await kit.reader();
    const target = (await call('POST', '/api/me/deliveries/', me.access, { name: 'queued', kind: 'webhook', url: `${hookUrl}/queued`, events: ['alerts'] })).json() as TDeliveryTarget;
    const payload = { type: 'alert' as const, created_at: new Date().toISOString(), user: { id: me.userId, email: me.email } };
    const statusOf = async (id: string) => (await herald.database.db.select({ status: outboxDeliveries.status }).from(outboxDeliveries).where(eq(outboxDeliveries.id, id)))[0]!.status;
    const until = async (id: string) => {
      for (const deadline = Date.now() + 20_000; Date.now() < deadline && (await statusOf(id)) !== 'sent'; ) await new Promise((resolve) => setTimeout(resolve, 100));
      return statusOf(id);
    };
    const [dispatched] = await queueDeliveries(herald.database.db, { userId: me.userId, type: 'alert', itemKey: `alert:queued-${target.id}`, payload });
    await dispatchDeliveries(herald.queue, [dispatched!]);
    expect(await until(dispatched!)).toBe('sent');
    // Written, then the process stopped before dispatching: the minute sweep finds it.
    const [stranded] = await herald.database.db
      .insert(outboxDeliveries)
      .values({ targetId: target.id, itemKey: `alert:stranded-${target.id}`, payload, createdAt: new Date(Date.now() - 5 * 60_000) })
      .returning({ id: outboxDeliveries.id });
    await herald.queue!.boss.send(deliverPendingJob.name, {});
    expect(await until(stranded!.id)).toBe('sent');
    expect(hook.received.filter((r) => r.path === '/queued')).toHaveLength(2);
  });

  it('team targets: an account admin manages them; members cannot; they take alerts and briefs only', async () => {
    const admin = await kit.reader();
    await herald.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.userId));
    const made = await call('POST', '/api/a/deliveries/', admin.access, { name: 'Team Slack', kind: 'slack', url: `${hookUrl}/team`, events: ['alerts', 'brief'] });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ scope: 'account', signing_secret: null });
    expect((await call('POST', '/api/a/deliveries/', admin.access, { name: 'Team all', kind: 'slack', url: hookUrl, events: ['articles'], topic_ids: [admin.topics[0]!.id] })).json().fields.events).toBeDefined();
    expect((await call('GET', '/api/me/deliveries/', admin.access)).json().targets).toEqual([]);
    const member = await kit.reader();
    await herald.database.db.update(users).set({ role: 'MEMBER' }).where(eq(users.id, member.userId));
    const refused = await call('GET', '/api/a/deliveries/', member.access);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(DELIVERY_MESSAGES.adminsOnly);
  });
});
