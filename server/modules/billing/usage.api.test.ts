import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_TEXT, type TUsageReport } from '../../../contract/billing.js';
import { addUsage, usageMeter } from '../../billing/meter.js';
import { topics } from '../../db/schema/index.js';
import { summarise } from '../../intelligence/capabilities/summarise.js';
import { runCapability } from '../../intelligence/engine.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../intelligence/fake-llm-server.js';
import type { InteractionRecord } from '../../intelligence/types.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { accountKit, type Person } from '../accounts/account-test-kit.js';

let herald: TestHerald;
let fake: FakeLlmServer;
let kit: ReturnType<typeof accountKit>;
let team: Awaited<ReturnType<ReturnType<typeof accountKit>['team']>>;
let billing: Person;
let memberTopic: number;
let ownerTopic: number;
let outsiderTopic: number;
const logger = pino({ level: 'silent' });
const input = { title: 'Federal Reserve raises rates', text: 'The Federal Reserve raised its benchmark rate by 0.25 percentage points on Wednesday. Officials said inflation remains elevated.' };
const record = (over: Partial<InteractionRecord>): InteractionRecord => ({
  stage: 'article',
  prompt_sent: { system_prompt: '', user_message: '' },
  llm_response: '',
  model_used: 'gpt-5-mini',
  processing_duration_seconds: 1,
  prompt_tokens: 100,
  response_tokens: 10,
  total_tokens: 110,
  system_prompt_tokens: 0,
  user_payload_tokens: 100,
  cost_usd: 0.5,
  attempts: 1,
  ...over,
});

beforeAll(async () => {
  fake = await startFakeLlmServer();
  herald = await createTestHerald({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', LLM_TIMEOUT_SECONDS: '2', SUMMARY_MODEL: 'builtin' });
  kit = accountKit(herald);
  team = await kit.team();
  billing = await kit.join(team.owner, 'MEMBER', { first: 'Bill', last: 'Payer' });
  await kit.call('POST', '/api/a/update-user/', team.owner.access, { user_id: billing.id, billing_admin: true });
  const { db } = herald.database;
  const topic = async (userId: string, name: string) => (await db.insert(topics).values({ userId, name }).returning({ id: topics.id }))[0]!.id;
  memberTopic = await topic(team.member.id, 'Secret merger talks');
  ownerTopic = await topic(team.owner.id, 'Owner interest rates');
  outsiderTopic = await topic(team.outsider.id, 'Outsider topic');
  const accountOf = async (person: Person) => (await kit.call('GET', '/api/me/', person.access)).json().account.id as string;
  const account = await accountOf(team.owner);
  const outsiderAccount = await accountOf(team.outsider);
  // Two model calls through the engine (the fake server answers 1,000 + 200 tokens) and one built-in.
  fake.queue({ kind: 'json', body: { summary: 'The Fed raised rates.', key_facts: ['Rate up 0.25 points'] }, usage: { prompt_tokens: 1000, completion_tokens: 200 } });
  const meter = usageMeter({ db, logger }, { userId: team.member.id, topicId: memberTopic });
  await runCapability(summarise, input, 'gpt-5-mini', { llm: herald.config.llm, logger, meter });
  await runCapability(summarise, input, 'gpt-5-mini', { llm: herald.config.llm, logger, meter });
  await runCapability(summarise, input, 'builtin', { llm: herald.config.llm, logger, meter });
  await addUsage(db, account, { userId: team.owner.id, topicId: ownerTopic }, record({ cost_usd: 0.25 }));
  await addUsage(db, account, { userId: team.owner.id, topicId: ownerTopic }, record({ cost_usd: 0.25 }), new Date(Date.now() - 40 * 86_400_000));
  await addUsage(db, outsiderAccount, { userId: team.outsider.id, topicId: outsiderTopic }, record({ cost_usd: 9 }));
});
afterAll(async () => {
  await herald?.close();
  await fake?.close();
});

const usage = (person: Person | undefined, query = '') => kit.call('GET', `/api/account/billing/usage${query}`, person?.access);

describe('GET /api/account/billing/usage', () => {
  it("counts each call of the account's stages with its tokens and cost, the built-in engine as free", async () => {
    const response = await usage(billing, '?range=7d&group=model');
    expect(response.statusCode).toBe(200);
    const report = response.json() as TUsageReport;
    expect(report).toMatchObject({ range: '7d', group: 'model', interval: 'day', currency: 'USD', budget: null });
    expect(report.buckets).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(report.buckets.at(-1)).toBe(today);
    const model = report.rows.find((row) => row.key === 'gpt-5-mini')!;
    // 2 x 1,000 input at $0.25/M + 2 x 200 output at $2/M, and the owner's $0.25 row.
    expect(model).toMatchObject({ label: 'GPT-5 Mini', builtin: false, calls: 3, prompt_tokens: 2100, response_tokens: 410 });
    expect(model.cost_usd).toBeCloseTo(2 * (1000 * 0.25 + 200 * 2) / 1e6 + 0.25, 6);
    const builtin = report.rows.find((row) => row.key === 'builtin')!;
    expect(builtin).toMatchObject({ label: 'built-in', builtin: true, calls: 1, cost_usd: 0 });
    expect(builtin.total_tokens).toBeGreaterThan(0);
    expect(report.totals.calls).toBe(4);
    expect(report.totals.points.at(-1)!.calls).toBe(4);
  });

  it('groups by member, stage and topic, naming only the caller’s own topics; months cover older usage', async () => {
    const members = (await usage(billing, '?group=member')).json() as TUsageReport;
    expect(members.rows.map((row) => row.label).sort()).toEqual(['Ada Lovelace', 'Mo Member']);
    const stages = (await usage(billing, '?group=stage')).json() as TUsageReport;
    expect(stages.rows.map((row) => row.label).sort()).toEqual(['Articles', 'Summaries']);
    const byTopic = (await usage(billing, '?group=topic')).json() as TUsageReport;
    const labels = byTopic.rows.map((row) => row.label);
    expect(labels).toContain(`Topic #${memberTopic} of Mo Member`);
    expect(labels.join(' ')).not.toContain('Secret merger');
    expect(labels.join(' ')).not.toContain('Outsider');
    const months = (await usage(billing, '?range=12m&group=member')).json() as TUsageReport;
    expect(months.interval).toBe('month');
    expect(months.buckets).toHaveLength(12);
    expect(months.rows.find((row) => row.label === 'Ada Lovelace')!.cost_usd).toBeCloseTo(0.5, 6);
  });

  it('admits billing administrators and superusers only, each to their own account', async () => {
    const refused = await usage(team.member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'billing_admin_required', error: BILLING_TEXT.billingAdminsOnly });
    expect((await usage(team.owner)).statusCode).toBe(403);
    expect((await usage(team.viewer)).json()).toMatchObject({ code: 'billing_admin_required' });
    expect((await usage(undefined)).statusCode).toBe(401);
    const root = await usage(team.root, '?group=member');
    expect(root.statusCode).toBe(200);
    expect((root.json() as TUsageReport).totals.calls).toBe(4);
    // Another account's billing administrator sees only that account: no id in the request can reach ours.
    await kit.call('POST', '/api/a/update-user/', team.outsider.access, { user_id: team.outsider.id, billing_admin: true });
    const outsider = (await usage(team.outsider, '?group=topic')).json() as TUsageReport;
    expect(outsider.rows.map((row) => row.label)).toEqual(['Outsider topic']);
    expect(outsider.totals.cost_usd).toBe(9);
    const probing = await usage(team.outsider, `?group=topic&account_id=${encodeURIComponent(team.owner.id)}`);
    expect(probing.statusCode).toBe(400);
  });

  it('refuses a bad range or grouping with a clear error', async () => {
    const range = await usage(billing, '?range=5y');
    expect(range.statusCode).toBe(400);
    expect(range.json()).toMatchObject({ code: 'validation_failed', fields: { range: ['Choose a range: 7d, 30d, 90d, 6m, 12m'] } });
    const group = await usage(billing, '?group=password');
    expect(group.json()).toMatchObject({ code: 'validation_failed', fields: { group: ['Choose a grouping: member, topic, stage, model'] } });
  });
});

describe('GET /api/me/usage', () => {
  it('answers the caller’s own usage only, to every role', async () => {
    const mine = (await kit.call('GET', '/api/me/usage?group=topic', team.member.access)).json() as TUsageReport;
    expect(mine.rows.map((row) => row.label)).toEqual(['Secret merger talks']);
    expect(mine.totals.calls).toBe(3);
    const owner = (await kit.call('GET', '/api/me/usage?group=topic', team.owner.access)).json() as TUsageReport;
    expect(owner.rows.map((row) => row.label)).toEqual(['Owner interest rates']);
    const billingAdmin = (await kit.call('GET', '/api/me/usage', billing.access)).json() as TUsageReport;
    expect(billingAdmin.rows).toEqual([]);
    expect((await kit.call('GET', '/api/me/usage')).statusCode).toBe(401);
    expect((await kit.call('GET', '/api/me/usage?range=1d', team.member.access)).statusCode).toBe(400);
  });
});
