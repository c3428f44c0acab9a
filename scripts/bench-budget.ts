/**
 * How far a budget is overshot when eight stage jobs call a model at once (ADR 014). A member's
 * account has a monthly budget a hair from spent; each round, eight stage calls (the summary
 * capability through runCapability with the member's usage meter, as every stage runs it) start
 * together against the fake OpenAI-compatible provider, which answers after --latency ms so all
 * of them are in flight while the first is. After they settle, the budget's spend past its amount
 * is the overshoot: in model calls (those admitted after the budget was crossed, i.e. all admitted
 * calls past the first that reached it) and in dollars. In-memory PGlite, or the PostgreSQL server
 * at TEST_DATABASE_URL.
 *
 *   npx tsx scripts/bench-budget.ts [--rounds 20] [--jobs 8] [--latency 300]
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { aiBudgets } from '../server/db/schema/index.js';
import { usageMeter } from '../server/billing/meter.js';
import { summarise } from '../server/intelligence/capabilities/summarise.js';
import { runCapability } from '../server/intelligence/engine.js';
import { startFakeLlmServer } from '../server/intelligence/fake-llm-server.js';
import { accountKit } from '../server/modules/accounts/account-test-kit.js';
import { createTestHerald, TEST_DATABASE_URL } from '../server/test/harness.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' }, jobs: { type: 'string', default: '8' }, latency: { type: 'string', default: '300' } } });
const [rounds, jobs, latency] = [Number(values.rounds), Number(values.jobs), Number(values.latency)];
const logger = pino({ level: 'silent' });
const input = { title: 'Federal Reserve raises rates', text: 'The Federal Reserve raised its benchmark rate by 0.25 percentage points on Wednesday.' };
// As the API test: $0.01 a month, $0.0095 spent; a call (1,000 in, 200 out on GPT-5 Mini) costs $0.00065.
const BUDGET_USD = 0.01;
const SPENT_USD = 0.0095;

const fake = await startFakeLlmServer();
fake.queue({ kind: 'json', body: { summary: 'The Fed raised rates.', key_facts: ['Rate up 0.25 points'] }, usage: { prompt_tokens: 1000, completion_tokens: 200 }, delayMs: latency });
const herald = await createTestHerald({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', LLM_TIMEOUT_SECONDS: '30', SUMMARY_MODEL: 'builtin' });
try {
  const kit = accountKit(herald);
  const team = await kit.team();
  const { db } = herald.database;
  const biller = team.root;
  const set = await herald.app!.inject({ method: 'PUT', url: '/api/account/billing/budgets/account', headers: { authorization: `Bearer ${biller.access}` }, payload: { monthly_usd: BUDGET_USD } });
  if (set.statusCode !== 200) throw new Error(`budget not set: ${set.body}`);
  const meter = () => usageMeter({ db, logger }, { userId: team.member.id });
  const call = () => runCapability(summarise, input, 'gpt-5-mini', { llm: herald.config.llm, logger, meter: meter() });

  const made: number[] = [];
  const overCalls: number[] = [];
  const overUsd: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await db.update(aiBudgets).set({ spentUsd: SPENT_USD, reservedUsd: 0, warnedAt: null, reachedAt: null });
    fake.requests.length = 0;
    const results = await Promise.all(Array.from({ length: jobs }, call));
    const admitted = results.filter((r) => r.record.model_used !== 'builtin').length;
    if (admitted !== fake.requests.length) throw new Error(`round ${round}: ${admitted} admitted, ${fake.requests.length} model requests`);
    const [budget] = await db.select().from(aiBudgets);
    if (Math.abs(budget!.reservedUsd) > 1e-9) throw new Error(`round ${round}: ${budget!.reservedUsd} still reserved`);
    made.push(admitted);
    overCalls.push(Math.max(0, admitted - 1));
    overUsd.push(Math.max(0, budget!.spentUsd - budget!.monthlyUsd));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const usd = (x: number) => `$${x.toFixed(5)}`;
  console.log(`${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${rounds} rounds of ${jobs} concurrent stage calls, provider latency ${latency} ms, budget ${usd(BUDGET_USD)} with ${usd(SPENT_USD)} spent`);
  console.log(`model calls made of ${jobs}: max ${Math.max(...made)}, mean ${mean(made).toFixed(2)} (the others ran on the built-in engine)`);
  console.log(`model calls admitted past the one that crossed the budget: max ${Math.max(...overCalls)}, mean ${mean(overCalls).toFixed(2)}`);
  console.log(`spend past the budget: max ${usd(Math.max(...overUsd))}, mean ${usd(mean(overUsd))} (one call costs $0.00065)`);
} finally {
  await herald.close();
  await fake.close();
}
