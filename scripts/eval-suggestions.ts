/**
 * Topic suggestions of the built-in engine on a set of varied profiles: the share of each
 * profile's top 10 that fits the person, by the hand judgements of fixtures/eval/suggestions.jsonl
 * (rule: fixtures/eval/SUGGESTIONS.md), and how many of their top 10 two unrelated profiles share.
 *
 *   npm run eval:suggestions [-- --unjudged] [-- --profile pharma-ra]
 *
 * fixtures/eval/profiles.jsonl holds the profiles (the onboarding form: title, organisation,
 * location, interests; `field` says which profiles are related). The demo corpus is the store:
 * it is ingested and summarised into an in-memory database first (about a minute), then each
 * profile goes through what onboarding does (the built-in AI profile, the candidates from the
 * profile and the store, the built-in ranking). --unjudged lists suggestions without a judgement,
 * for labelling; a suggestion without one counts as not fitting.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildAiProfile } from '../server/intelligence/builtin/profile-builder.js';
import { builtinSuggestTopics, topicKey } from '../server/intelligence/capabilities/suggest-topics.js';
import { suggestionCandidates } from '../server/modules/user-topics/suggestion-candidates.js';
import { ROOT } from '../server/paths.js';
import { demoStore } from './demo-store.js';

const { values } = parseArgs({ options: { unjudged: { type: 'boolean', default: false }, profile: { type: 'string' } } });
const EVAL = path.join(ROOT, 'fixtures', 'eval');
const TOP = 10;

interface Profile {
  id: string;
  field: string;
  first_name: string;
  title: string;
  organization: string;
  location: string;
  interests: string;
}
const readJsonl = <T>(file: string): T[] =>
  readFileSync(path.join(EVAL, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
const profiles = readJsonl<Profile>('profiles.jsonl').filter((p) => !values.profile || p.id === values.profile);
const judgements = new Map(readJsonl<{ profile: string; name: string; fits: boolean }>('suggestions.jsonl').map((j) => [`${j.profile}\n${topicKey(j.name)}`, j.fits]));

const { herald, config } = await demoStore();
try {
  const context = { database: herald.database, search: herald.search, config, logger: herald.logger, queue: undefined } as unknown as Parameters<typeof suggestionCandidates>[0];
  const tops = new Map<string, string[]>();
  let fit = 0;
  let judged = 0;
  let total = 0;
  for (const p of profiles) {
    const ai = buildAiProfile({ firstName: p.first_name, title: p.title, organization: p.organization, location: p.location, interests: p.interests, answers: [] });
    const profile = { title: p.title, organization: p.organization, interests: p.interests, industries: ai.gpt_industries, organizations: ai.organizations, places: ai.places_jurisdictions, productsMarkets: ai.products_markets, location: p.location };
    const candidates = await suggestionCandidates(context, profile);
    const input = {
      profile: { title: p.title, organization: p.organization, interests: p.interests, summary: ai.gpt_profile, industries: ai.gpt_industries, organizations: ai.organizations, places: ai.places_jurisdictions, products_markets: ai.products_markets },
      existing: [],
      excluded: [],
      candidates,
      limit: TOP,
    };
    const names = builtinSuggestTopics(input).suggestions.map((s) => s.name);
    tops.set(p.id, names);
    const marks = names.map((name) => judgements.get(`${p.id}\n${topicKey(name)}`));
    const fits = marks.filter((m) => m === true).length;
    fit += fits;
    judged += marks.filter((m) => m !== undefined).length;
    total += names.length;
    console.log(`${p.id.padEnd(22)} ${fits}/${names.length} fit  ${names.map((n, i) => `${marks[i] === true ? '+' : marks[i] === false ? '-' : '?'}${n}`).join(' | ')}`);
    if (values.unjudged) for (const [i, name] of names.entries()) if (marks[i] === undefined) console.log(`  ${JSON.stringify({ profile: p.id, name, fits: null })}`);
  }
  // Two unrelated profiles (different fields) should share at most one of their top 10.
  let worst = { shared: 0, pair: '' };
  const list = profiles.map((p) => ({ p, keys: new Set((tops.get(p.id) ?? []).map(topicKey)) }));
  for (const [i, a] of list.entries()) {
    for (const b of list.slice(i + 1)) {
      if (a.p.field === b.p.field) continue;
      const shared = [...a.keys].filter((k) => b.keys.has(k)).length;
      if (shared > worst.shared) worst = { shared, pair: `${a.p.id} / ${b.p.id}` };
    }
  }
  console.log(`\n${profiles.length} profiles: ${fit} of ${total} top-${TOP} suggestions fit (${((100 * fit) / Math.max(1, total)).toFixed(1)}%; ${total - judged} not judged yet, counted as not fitting)`);
  console.log(`unrelated profiles share at most ${worst.shared} of their top ${TOP}${worst.pair ? ` (${worst.pair})` : ''}`);
} finally {
  await herald.stop();
}
