import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BILLING_TEXT, type TBudgets, type TUsageReport } from '../../../contract/billing.js';
import { usageMeter } from '../../billing/meter.js';
import { aiBudgets, inboxItems, outboxEmails } from '../../db/schema/index.js';
import { summarise } from '../../intelligence/capabilities/summarise.js';
import { runCapability } from '../../intelligence/engine.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../intelligence/fake-llm-server.js';
import { BUDGET_FALLBACK } from '../../intelligence/types.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { accountKit, type Person } from '../accounts/account-test-kit.js';

let herald: TestHerald;
let fake: FakeLlmServer;
let kit: ReturnType<typeof accountKit>;
let team: Awaited<ReturnType<ReturnType<typeof accountKit>['team']>>;
let billing: Person;
const logger = pino({ level: 'silent' });
const input = { title: 'Federal Reserve raises rates', text: 'The Federal Reserve raised its benchmark rate by 0.25 percentage points on Wednesday.' };
// 1,000,000 input tokens at $0.25/M and 200,000 output at $2/M on GPT-5 Mini: $0.65 a call.
const CALL_USD = 0.65;
const answer = (scale: number) =>
  fake.queue({ kind: 'json', body: { summary: 'The Fed raised rates.', key_facts: ['Rate up 0.25 points'] }, usage: { prompt_tokens: 1000 * scale, completion_tokens: 200 * scale } });

beforeAll(async () => {
  fake = await startFakeLlmServer();
  herald = await createTestHerald({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', LLM_TIMEOUT_SECONDS: '5', SUMMARY_MODEL: 'builtin' });
  kit = accountKit(herald);
  team = await kit.team();
  billing = await kit.join(team.owner, 'MEMBER', { first: 'Bill', last: 'Payer' });
  await kit.call('POST', '/api/a/update-user/', team.owner.access, { user_id: billing.id, billing_admin: true });
});
afterAll(async () => {
  await herald?.close();
  await fake?.close();
});
beforeEach(async () => {
  await herald.database.db.delete(aiBudgets);
  answer(1000);
  fake.requests.length = 0;
});

const put = (person: Person | undefined, path: string, body: unknown) =>
  herald.app!.inject({ method: 'PUT', url: `/api/account/billing/budgets/${path}`, headers: person ? { authorization: `Bearer ${person.access}` } : {}, payload: body as object });
const call = (person: Person) =>
  runCapability(summarise, input, 'gpt-5-mini', { llm: herald.config.llm, logger, meter: usageMeter({ db: herald.database.db, logger, publicUrl: herald.config.publicUrl }, { userId: person.id }) });
const budgetItems = (person: Person) => herald.database.db.select().from(inboxItems).where(and(eq(inboxItems.userId, person.id), eq(inboxItems.kind, 'budget')));

describe('setting budgets', () => {
  it('lets billing administrators and superusers set the account’s and a member’s budget, and remove them', async () => {
    const set = await put(billing, 'account', { monthly_usd: 50 });
    expect(set.statusCode).toBe(200);
    expect((set.json() as TBudgets).account).toMatchObject({ monthly_usd: 50, spent_usd: 0, state: 'ok' });
    const member = await put(team.root, `members/${team.member.id}`, { monthly_usd: 12.5 });
    expect(member.statusCode).toBe(200);
    const listed = (await kit.call('GET', '/api/account/billing/budgets', billing.access)).json() as TBudgets;
    expect(listed.members.find((m) => m.user_id === team.member.id)).toMatchObject({ name: 'Mo Member', budget: { monthly_usd: 12.5 } });
    expect(listed.members.find((m) => m.user_id === team.owner.id)!.budget).toBeNull();
    expect((await put(billing, 'account', { monthly_usd: null })).json().account).toBeNull();
  });

  it('refuses members, admins without the billing role and other accounts, writing nothing', async () => {
    for (const person of [team.member, team.owner, team.viewer]) {
      const refused = await put(person, 'account', { monthly_usd: 5 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'billing_admin_required', error: BILLING_TEXT.billingAdminsOnly });
      expect((await kit.call('GET', '/api/account/billing/budgets', person.access)).statusCode).toBe(403);
    }
    expect((await put(undefined, 'account', { monthly_usd: 5 })).statusCode).toBe(401);
    await kit.call('POST', '/api/a/update-user/', team.outsider.access, { user_id: team.outsider.id, billing_admin: true });
    const cross = await put(team.outsider, `members/${team.member.id}`, { monthly_usd: 5 });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ code: 'not_found', error: BILLING_TEXT.memberNotFound });
    // The outsider's own account budget stays in their account.
    expect((await put(team.outsider, 'account', { monthly_usd: 7 })).statusCode).toBe(200);
    expect(((await kit.call('GET', '/api/account/billing/budgets', billing.access)).json() as TBudgets).account).toBeNull();
    expect(await herald.database.db.select().from(aiBudgets).where(eq(aiBudgets.monthlyUsd, 5))).toEqual([]);
  });

  it('refuses an amount that is not a positive sum of dollars and cents, writing nothing', async () => {
    for (const monthly_usd of [0, -5, 'ten', 1.234, 2_000_000]) {
      const refused = await put(billing, 'account', { monthly_usd });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation_failed', fields: { monthly_usd: [BILLING_TEXT.budgetAmount] } });
    }
    expect((await put(billing, 'account', { monthly_usd: 5, account_id: team.outsider.id })).statusCode).toBe(400);
    expect((await put(billing, 'members/not-a-uuid', { monthly_usd: 5 })).statusCode).toBe(400);
    expect(await herald.database.db.select().from(aiBudgets)).toEqual([]);
  });
});

describe('a budget that holds', () => {
  it('tells billing administrators at 80%, then runs the stages on the built-in engine once spent, never failing', async () => {
    await put(billing, 'account', { monthly_usd: 0.8 });
    expect((await call(team.member)).record.model_used).toBe('gpt-5-mini');
    const warned = await budgetItems(billing);
    expect(warned).toHaveLength(1);
    expect(warned[0]!.title).toContain('at 81%');
    expect(await budgetItems(team.member)).toEqual([]);
    const emails = await herald.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, billing.email), eq(outboxEmails.template, 'ai-budget')));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain('/account/billing');
    expect((await call(team.member)).record.model_used).toBe('gpt-5-mini');
    expect((await budgetItems(billing)).map((item) => item.key).sort()).toEqual([expect.stringMatching(/:reached$/), expect.stringMatching(/:warning$/)]);
    const held = await call(team.owner);
    expect(held.record).toMatchObject({ model_used: 'builtin', fallback_reason: BUDGET_FALLBACK.account, cost_usd: 0 });
    expect(held.output.summary.length).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(2);
    const report = (await kit.call('GET', '/api/account/billing/usage?group=model', billing.access)).json() as TUsageReport;
    expect(report.budget).toMatchObject({ monthly_usd: 0.8, state: 'reached' });
    expect(report.budget!.spent_usd).toBeCloseTo(2 * CALL_USD, 6);
    expect(report.rows.find((row) => row.key === 'builtin')).toMatchObject({ calls: 1, cost_usd: 0 });
    // The member sees in My Profile that the account's budget holds them.
    expect(((await kit.call('GET', '/api/me/usage', team.member.access)).json() as TUsageReport).budget).toMatchObject({ state: 'reached' });
    // Raising it brings the models back at once.
    await put(billing, 'account', { monthly_usd: 100 });
    expect((await call(team.owner)).record.model_used).toBe('gpt-5-mini');
  });

  it('holds one member to their own budget while the others keep their models', async () => {
    // What a member spent this month before their budget was set counts against it.
    const late = await put(billing, `members/${team.member.id}`, { monthly_usd: 1 });
    expect((late.json() as TBudgets).members.find((m) => m.user_id === team.member.id)!.budget).toMatchObject({ state: 'reached' });
    expect((await call(team.member)).record).toMatchObject({ model_used: 'builtin', fallback_reason: BUDGET_FALLBACK.member });
    await put(billing, `members/${billing.id}`, { monthly_usd: 0.5 });
    expect((await call(billing)).record.model_used).toBe('gpt-5-mini');
    expect((await call(billing)).record).toMatchObject({ model_used: 'builtin', fallback_reason: BUDGET_FALLBACK.member });
    expect((await call(team.owner)).record.model_used).toBe('gpt-5-mini');
    expect((await budgetItems(billing)).some((item) => item.title.startsWith("Bill Payer's monthly AI budget is spent"))).toBe(true);
  });

  it('admits concurrent calls against reservations, overshooting by at most the call in flight', async () => {
    // Cents a call now, the budget a hair from spent: one call may start, none after it.
    answer(1);
    await put(billing, 'account', { monthly_usd: 0.01 });
    await herald.database.db.update(aiBudgets).set({ spentUsd: 0.0095 });
    const results = await Promise.all(Array.from({ length: 8 }, () => call(team.member)));
    const byModel = results.filter((r) => r.record.model_used === 'gpt-5-mini');
    expect(byModel).toHaveLength(1);
    expect(fake.requests).toHaveLength(1);
    const [budget] = await herald.database.db.select().from(aiBudgets);
    expect(budget!.reservedUsd).toBeCloseTo(0, 9);
    expect(budget!.spentUsd).toBeCloseTo(0.0095 + CALL_USD / 1000, 9);
  });

  it('starts again in a new month', async () => {
    await put(billing, 'account', { monthly_usd: 0.01 });
    await herald.database.db.update(aiBudgets).set({ period: '2020-01-01', spentUsd: 5, reachedAt: new Date() });
    expect((await call(team.member)).record.model_used).toBe('gpt-5-mini');
    const [budget] = await herald.database.db.select().from(aiBudgets);
    expect(budget!.period).toBe(`${new Date().toISOString().slice(0, 7)}-01`);
    expect(budget!.spentUsd).toBeCloseTo(CALL_USD, 9);
  });
});
