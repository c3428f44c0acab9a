import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProviderKeys } from '../../../contract/billing.js';
import { usageMeter } from '../../billing/meter.js';
import { accountProviderKeys, appSecrets, users } from '../../db/schema/index.js';
import { summarise } from '../../intelligence/capabilities/summarise.js';
import { runCapability } from '../../intelligence/engine.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../intelligence/fake-llm-server.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { accountKit, type Person } from '../accounts/account-test-kit.js';

let herald: TestHerald;
let fake: FakeLlmServer;
let kit: ReturnType<typeof accountKit>;
let team: Awaited<ReturnType<ReturnType<typeof accountKit>['team']>>;
let payer: Person;
const logger = pino({ level: 'silent' });
const OWN_KEY = 'sk-account-own-key-7f3a';

beforeAll(async () => {
  fake = await startFakeLlmServer();
  fake.queue({ kind: 'json', body: { summary: 'The Fed raised rates.', key_facts: ['Rate up 0.25 points'] } });
  herald = await createTestHerald({ OPENAI_API_KEY: 'sk-install-key', OPENAI_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', LLM_TIMEOUT_SECONDS: '5', SUMMARY_MODEL: 'builtin' });
  kit = accountKit(herald);
  team = await kit.team();
  payer = await kit.join(team.owner, 'MEMBER', { first: 'Bill', last: 'Payer' });
  await kit.call('POST', '/api/a/update-user/', team.owner.access, { user_id: payer.id, billing_admin: true });
});
afterAll(async () => {
  await herald?.close();
  await fake?.close();
});

const keys = (by: Person) => kit.call('GET', '/api/account/billing/provider-keys', by.access);
const put = (by: Person, provider: string, api_key: unknown) =>
  herald.app!.inject({ method: 'PUT', url: `/api/account/billing/provider-keys/${provider}`, headers: { authorization: `Bearer ${by.access}` }, payload: { api_key } as object });
const openai = (list: TProviderKeys) => list.keys.find((k) => k.provider === 'openai')!;
/** A member's stage (a summary through the engine, with the member's usage meter): the key the provider was sent. */
async function keySentFor(person: Person): Promise<string | undefined> {
  fake.requests.length = 0;
  await runCapability(summarise, { title: 'Fed', text: 'The Federal Reserve raised its rate.' }, 'gpt-5-mini', { llm: herald.config.llm, logger, meter: usageMeter({ db: herald.database.db, logger }, { userId: person.id }) });
  return fake.requests[0]?.headers.authorization;
}

describe(`an account's own provider keys (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('are set by billing administrators and superusers, stored sealed, never answered back', async () => {
    const set = await put(payer, 'openai', `  ${OWN_KEY} `);
    expect(set.statusCode).toBe(200);
    expect(openai(set.json())).toMatchObject({ provider: 'openai', label: 'OpenAI', set: true, last4: '7f3a', set_by: 'Bill Payer' });
    for (const person of [payer, team.root]) {
      const listed = await keys(person);
      expect(listed.statusCode).toBe(200);
      expect(listed.body).not.toContain(OWN_KEY);
      expect(listed.body).not.toContain('sk-account');
      expect(listed.json().keys.map((k: { provider: string; set: boolean }) => [k.provider, k.set])).toEqual([['openai', true], ['anthropic', false], ['google', false], ['mistral', false], ['xai', false], ['deepseek', false]]);
    }
    const [row] = await herald.database.db.select().from(accountProviderKeys);
    expect(row!.sealedKey).not.toContain(OWN_KEY);
    expect(Buffer.from(row!.sealedKey, 'base64url').toString('latin1')).not.toContain('sk-account');
    // Sealed with a fresh IV each time: the same key saved again is stored as other text.
    await put(payer, 'openai', OWN_KEY);
    expect((await herald.database.db.select().from(accountProviderKeys))[0]!.sealedKey).not.toBe(row!.sealedKey);
    // The sealing secret is the install's, in app_secrets, not the key.
    expect((await herald.database.db.select().from(appSecrets).where(eq(appSecrets.name, 'provider-keys'))).length).toBe(1);
  });

  it('are refused to an ADMIN without the billing role, a MEMBER and bad input, changing nothing', async () => {
    for (const person of [team.owner, team.member]) {
      expect((await keys(person)).json()).toMatchObject({ code: 'billing_admin_required' });
      expect((await put(person, 'openai', 'sk-intruder-key-0000')).statusCode).toBe(403);
      expect((await kit.call('DELETE', '/api/account/billing/provider-keys/openai', person.access)).statusCode).toBe(403);
    }
    expect((await put(payer, 'openai', 'short')).json()).toMatchObject({ code: 'validation_failed', fields: { api_key: ['Paste the whole API key: 8 to 500 characters, no spaces.'] } });
    expect((await put(payer, 'openai', 'has a space in it')).statusCode).toBe(400);
    expect((await put(payer, 'openai-compatible', 'sk-whatever-1234')).json()).toMatchObject({ code: 'validation_failed' });
    expect(openai((await keys(payer)).json()).last4).toBe('7f3a');
  });

  it("are used for the account's members' stages; another account's members use the install's key", async () => {
    expect(await keySentFor(team.member)).toBe(`Bearer ${OWN_KEY}`);
    expect(await keySentFor(team.owner)).toBe(`Bearer ${OWN_KEY}`);
    expect(await keySentFor(team.outsiderMember)).toBe('Bearer sk-install-key');
    // The other account's billing administrator sees none of this account's keys.
    await herald.database.db.update(users).set({ billingAdmin: true }).where(eq(users.id, team.outsider.id));
    expect(openai((await keys(team.outsider)).json()).set).toBe(false);
  });

  it('are replaced and removed; removed, the install key answers again', async () => {
    const replaced = await put(team.root, 'openai', 'sk-account-second-key-9b1c');
    expect(openai(replaced.json())).toMatchObject({ last4: '9b1c', set_by: 'Sam Super' });
    expect(await keySentFor(team.member)).toBe('Bearer sk-account-second-key-9b1c');
    const removed = await kit.call('DELETE', '/api/account/billing/provider-keys/openai', payer.access);
    expect(openai(removed.json())).toMatchObject({ set: false, last4: null, set_by: null, set_at: null });
    expect(await keySentFor(team.member)).toBe('Bearer sk-install-key');
  });
});
