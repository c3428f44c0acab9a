import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TEvent } from '../../contract/events.js';
import { openDatabase } from '../db/client.js';
import { TEST_DATABASE_URL } from '../test/harness.js';
import { startProcess } from '../test/process.js';
import { ALERT_BAR } from './alert.js';

const PASSWORD = 'kill-test-demo-password';
const children: ChildProcess[] = [];
let dir: string | undefined;
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function until<T>(what: string, seconds: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${seconds} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Every stage an event should have passed, or the first it has not. */
function missingStage(e: TEvent): string | undefined {
  if (e.status !== 'detected') return undefined;
  if (e.novel === null) return 'novelty';
  if (e.story_id === null) return 'story';
  if (!e.novel) return undefined;
  if (!e.consolidated_at) return 'consolidation';
  if (e.merged_into_id) return undefined;
  if (!e.article_generated && !e.error) return 'article';
  if (e.article_generated && (e.final_rank ?? 0) >= ALERT_BAR && !e.initialization && !e.alert_decision) return 'alert';
  return undefined;
}

describe.skipIf(TEST_DATABASE_URL)('a worker killed mid-job (SIGKILL) and restarted', () => {
  it('finishes every event, and each event, article and alert exists exactly once', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'herald-kill-'));
    const env = { PORT: '0', DATA_DIR: dir, DEMO: 'on', DEMO_PASSWORD: PASSWORD, DEMO_SOURCE: 'on', DEMO_SOURCE_LIMIT: '100' };

    const first = startProcess(env);
    children.push(first.child);
    let url = await first.running;
    const login = async () => (await json<{ access: string }>(`${url}/api/auth/login/`, { method: 'POST', body: JSON.stringify({ email: 'super@herald.test', password: PASSWORD }) })).access;
    let token = await login();
    const auth = () => ({ headers: { authorization: `Bearer ${token}` } });
    const users = await json<{ results: { id: string; email: string }[] }>(`${url}/api/users/?search=demo%40herald.test`, auth());
    const demoId = users.results.find((u) => u.email === 'demo@herald.test')!.id;
    const allEvents = async () => {
      const out: TEvent[] = [];
      for (let page = 1; ; page++) {
        const list = await json<{ events: TEvent[]; has_next: boolean }>(`${url}/api/events/?user_id=${demoId}&page=${page}&page_size=100`, auth());
        out.push(...list.events);
        if (!list.has_next) return out;
      }
    };

    // Kill it while the pipeline is at work: events exist, and some have stages still to run.
    await until('events in progress', 120, async () => {
      const events = await allEvents();
      return events.length >= 3 && events.some((e) => missingStage(e)) ? true : undefined;
    });
    first.child.kill('SIGKILL');
    await first.exited;

    const second = startProcess(env);
    children.push(second.child);
    url = await second.running;
    token = await login();
    const settled = await until('every event through its stages', 240, async () => {
      const events = await allEvents();
      return events.length > 0 && events.every((e) => !missingStage(e)) && events.some((e) => e.article_generated) ? events : undefined;
    });
    const gone = second.exited;
    second.child.kill('SIGTERM');
    expect(await gone).toBe(0);

    const database = await openDatabase({ dataDir: dir });
    try {
      const { rows: duplicates } = await database.sql("SELECT user_id, topic_id, document_id FROM events GROUP BY 1, 2, 3 HAVING count(*) > 1", []);
      expect(duplicates).toEqual([]);
      const { rows: alerts } = await database.sql<{ event_id: string; emails: string }>(
        `SELECT e.id::text AS event_id, count(o.id)::text AS emails FROM events e
         LEFT JOIN outbox_emails o ON o.template = 'breaking-alert' AND o.text ~ ('/a/' || e.id || '([^0-9]|$)')
         WHERE e.alerted_at IS NOT NULL GROUP BY e.id`,
        [],
      );
      for (const alert of alerts) expect({ event: alert.event_id, emails: Number(alert.emails) }).toEqual({ event: alert.event_id, emails: 1 });
      const { rows: mails } = await database.sql<{ n: string }>("SELECT count(*)::text AS n FROM outbox_emails WHERE template = 'breaking-alert'", []);
      expect(Number(mails[0]!.n)).toBe(alerts.length);
      // The events seen through the API are all there, each once.
      const { rows: ids } = await database.sql<{ id: string }>('SELECT id::text AS id FROM events WHERE user_id = $1', [demoId]);
      expect(ids.map((r) => Number(r.id))).toEqual(expect.arrayContaining(settled.map((e) => e.id)));
    } finally {
      await database.close();
    }
  }, 420_000);
});
