import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCorpus } from '../../sources/demo.js';
import { buildAiProfile, interestPhrases } from '../builtin/profile-builder.js';
import { buildTopicProfile, type TopicEvidence } from '../builtin/topic-profile.js';
import { normalizeTopicName } from '../builtin/topic-analysis.js';
import { builtinAddTopicChat, topicPhrases } from './add-topic-chat.js';
import { builtinInterview, builtinInterviewProfile, INTERVIEW_STEPS, type InterviewTurn } from './interview.js';
import { builtinModifyTopic } from './modify-topic.js';
import { builtinSuggestTopics, sameSubject } from './suggest-topics.js';
import { builtinValidateProfile } from './validate-profile.js';
import { builtinValidateTopic, readTopic } from './validate-topic.js';

let corpus: Awaited<ReturnType<typeof loadDemoCorpus>>['records'];
beforeAll(async () => {
  corpus = (await loadDemoCorpus()).records;
});
const evidence = (set: string, pattern: RegExp, n = 20): TopicEvidence[] =>
  corpus
    .filter((r) => r.set === set && pattern.test(`${r.title} ${r.text}`))
    .slice(0, n)
    .map((r) => ({ title: r.title, summary: r.text.slice(0, 500), collectionId: r.collection_id }));
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const profile = { summary: null, places: [], industries: [] };

describe('normalizeTopicName', () => {
  it.each([
    ['i want to track news about the federal reserve', 'The Federal Reserve'],
    ['  latest updates on eu ai act. ', 'EU AI Act'],
    ['iPhone sales', 'iPhone sales'],
    ['lithium mining in chile', 'Lithium mining in Chile'],
    ['"Basel III capital rules"', 'Basel III capital rules'],
    // The first word is capitalised as a sentence's: it makes no name of the next ("Bank Capital").
    ['Bank capital requirements', 'Bank capital requirements'],
  ])('%s -> %s', (input, name) => {
    expect(normalizeTopicName(input)).toBe(name);
  });
});

describe('built-in topic profile on real documents', () => {
  it('writes the migrant-crisis topic from the September 2015 news: places and names from the documents', () => {
    const docs = evidence('wcep_2015_09', /migrant|refugee/i, 30);
    const topic = buildTopicProfile({ name: 'European migrant crisis', context: [], sources: [], profilePlaces: [], evidence: docs });
    expect(words(topic.description)).toBeGreaterThanOrEqual(25);
    expect(words(topic.query)).toBeGreaterThanOrEqual(12);
    expect(topic.key_events.length).toBeGreaterThanOrEqual(6);
    expect(topic.key_events.length).toBeLessThanOrEqual(12);
    expect(topic.key_events).toContain('Relocation or quota agreed');
    expect(topic.key_places).toEqual(expect.arrayContaining(['European Union', 'Hungary']));
    expect(topic.sources).toContain(1);
    expect(topic.relevance_matrix.places.high).toMatch(/Hungary/);
  });

  it('keeps a word that means nothing alone where WordNet knows it with its neighbour ("interest rate")', () => {
    const topic = buildTopicProfile({ name: 'Interest rate decisions', context: [], sources: [], profilePlaces: [], evidence: [] });
    expect(topic.description).toMatch(/interest rate decisions/i);
    expect(topic.query.split(' ').slice(0, 3).join(' ').toLowerCase()).toBe('interest rate decisions');
  });

  it("reads WordNet's words for the name's content words only: no \"inch\" for the \"in\" of \"in Germany\"", () => {
    // No evidence from the store: WordNet's most common senses.
    const topic = buildTopicProfile({ name: 'Asylum seekers in Germany', context: [], sources: [], profilePlaces: [], evidence: [] });
    expect(topic.query.split(' ')).not.toContain('inch');
    expect(topic.query.toLowerCase()).toContain('asylum');
  });

  it("reads no WordNet words for a place's name: \"EU\" is no \"europium\", \"United States\" no \"unify\"", () => {
    const eu = buildTopicProfile({ name: 'EU carbon border tax', context: [], sources: [], profilePlaces: [], evidence: [] });
    expect(eu.query.toLowerCase().split(' ')).not.toContain('europium');
    expect(eu.query.toLowerCase()).toContain('carbon');
    const us = buildTopicProfile({ name: 'Drug approvals in the United States', context: [], sources: [], profilePlaces: [], evidence: [] });
    expect(us.query.toLowerCase().split(' ')).not.toContain('unify');
  });

  it('takes key names from the documents only when they are names about the topic', () => {
    // FOMC documents write "the Committee", "the System" and form headings; they name the ECB in passing.
    const docs = evidence('fed_monetary', /Committee/, 30);
    expect(docs.length).toBe(30);
    const fed = buildTopicProfile({ name: 'Federal Reserve monetary policy', context: [], sources: [], profilePlaces: [], evidence: docs });
    expect(fed.key_entities[0]).toBe('Federal Reserve');
    for (const junk of ['Committee', 'The Committee', 'System', 'European Central Bank', 'federal reserve monetary policy']) expect(fed.key_entities).not.toContain(junk);
    const ecb = buildTopicProfile({ name: 'European Central Bank interest rates', context: [], sources: [], profilePlaces: [], evidence: docs });
    expect(ecb.key_entities).toEqual(['European Central Bank', 'ECB', 'Governing Council']);
    expect(fed.key_entities).toEqual(expect.arrayContaining(['FOMC', 'Federal Open Market Committee']));
    // Disc-surgery trials are not evidence about oncology trials.
    const oncology = buildTopicProfile({ name: 'Clinical trials in oncology', context: [], sources: [], profilePlaces: [], evidence: evidence('clinicaltrials_herniated_disc', /disc/i, 20) });
    expect(oncology.query).not.toMatch(/lumbar|disc|herniat/i);
  });

  it.each([
    // name, the first key event (the kind of topic), places, names it must hold, names it must not.
    // With no document about it, a topic's key players are the names in its own words: never a
    // kind's regulators or legislatures that nothing ties to it (see the next test).
    ['Norwegian salmon export tariffs', 'Tariff imposed, raised or lifted', ['Norway'], [], ['salmon export tariffs', 'World Trade Organization']],
    ['Syrian civil war', 'Attack, offensive or airstrike', ['Syria'], [], ['syrian civil war']],
    ['Ransomware attacks on hospitals', 'Attack or breach disclosed', [], [], ['FDA']],
    ['Greek legislative elections', 'Election called or date set', ['Greece'], [], []],
    ['Ebola outbreak in West Africa', 'Outbreak declared or spreading', ['West Africa'], [], ['CDC', 'World Health Organization']],
    ['GDPR enforcement', 'Proposed rule or consultation published', ['European Union'], ['GDPR'], ['FTC', 'European Data Protection Board']],
    ['European Central Bank interest rates', 'Interest rate decision', [], ['European Central Bank'], ['Federal Reserve', 'SEC']],
    ['Airline pilot strikes', 'Strike called or held', [], [], []],
    ['Atlantic hurricane season', 'Storm, quake or fire strikes', [], [], []],
    ['Deforestation in the Amazon', 'Climate target or pledge announced', [], ['Amazon'], []],
    ['Sanctions on Russia', 'Sanctions imposed or lifted', ['Russia'], [], []],
    ['EU AI Act', 'Proposed rule or consultation published', ['European Union'], ['EU AI Act'], ['AI', 'AI Act', 'European AI Office']],
    ['Drug pricing legislation', 'Bill introduced', [], [], ['FDA', 'Congress']],
    ['Banking and securities regulation', 'Proposed rule or consultation published', [], [], ['Federal Reserve', 'SEC']],
    ['Pharmaceutical patent litigation', 'Lawsuit filed', [], [], ['FDA', 'USPTO']],
  ])('profiles %s from its own words', (name, firstEvent, places, has, hasNot) => {
    const topic = buildTopicProfile({ name, context: [], sources: [], profilePlaces: [], evidence: [] });
    expect(topic.key_events[0]).toBe(firstEvent);
    expect(topic.key_places).toEqual(places);
    expect(topic.key_entities).toEqual(expect.arrayContaining(has));
    for (const wrong of hasNot) expect(topic.key_entities).not.toContain(wrong);
    expect(topic.key_events.length).toBeGreaterThanOrEqual(6);
    expect(words(topic.query)).toBeGreaterThanOrEqual(12);
  });

  it('takes the bodies that act on a subject where the documents about the topic name them, and the user’s places', () => {
    const doc = (title: string, summary: string): TopicEvidence => ({ title, summary, collectionId: 6 });
    const evidence = [
      doc('Guidelines on data protection by design adopted', 'The European Data Protection Board adopted guidelines on data protection by design.'),
      doc('Data protection fines reach a record', 'Fines under the data protection rules reached a record, the European Data Protection Board said.'),
      doc('Data protection authority fines a retailer', 'A national data protection authority fined a retailer for unlawful processing of personal data.'),
    ];
    const topic = buildTopicProfile({ name: 'Data protection rules', context: [], sources: [], profilePlaces: ['Germany'], evidence });
    expect(topic.key_places).toEqual(['Germany', 'European Union']);
    expect(topic.key_entities).toEqual(expect.arrayContaining(['European Data Protection Board']));
    expect(topic.description).toMatch(/^Rules, guidance, consultations and enforcement concerning data protection in Germany and the European Union\./);
    expect(topic.sources.slice(0, 2)).toEqual([6, 5]);
    expect(buildTopicProfile({ name: 'Data protection rules', context: [], sources: [], profilePlaces: ['Germany'], evidence: [] }).key_entities).not.toContain('European Data Protection Board');
  });

  it('writes the subject as the documents write it: a plural only where they use one', () => {
    const doc = (title: string, summary: string): TopicEvidence => ({ title, summary, collectionId: 6 });
    const healthcare = buildTopicProfile({ name: 'US healthcare regulation', context: [], sources: [], profilePlaces: [], evidence: [] });
    expect(healthcare.description).toMatch(/concerning healthcare in the United States\./);
    expect(healthcare.ai_query).toContain('"healthcare"');
    const batteries = [doc('Batteries regulation adopted', 'New rules on batteries and waste batteries apply to every battery sold in the Union.'), doc('Rules on portable batteries', 'Producers of batteries must collect them.')];
    expect(buildTopicProfile({ name: 'Battery regulation', context: [], sources: [], profilePlaces: ['Germany'], evidence: batteries }).description).toMatch(/concerning batteries in /);
    expect(buildTopicProfile({ name: 'Battery regulation', context: [], sources: [], profilePlaces: ['Germany'], evidence: [] }).description).toMatch(/concerning battery in /);
    // The kind's word goes with the adjective that classifies it: the trials are clinical, the subject is the disease.
    const trials = buildTopicProfile({ name: "Alzheimer's disease clinical trials", context: [], sources: [], profilePlaces: [], evidence: [] });
    expect(trials.description).toMatch(/concerning Alzheimer's disease\./);
    expect(trials.ai_query).toContain('"Alzheimer\'s disease"');
    expect(buildTopicProfile({ name: 'Clinical trials', context: [], sources: [], profilePlaces: [], evidence: [] }).description).toMatch(/concerning clinical trials\./);
    // A word left joining nothing once the places go is no part of the subject; the preposition before the places is the name's.
    expect(buildTopicProfile({ name: 'Refugees crossing into Austria and Germany', context: [], sources: [], profilePlaces: [], evidence: [] }).description).toMatch(/concerning refugees crossing into Austria and Germany\./);
  });

  it("shows in a topic's query only the words of its meaning: a synonym where the store tells the sense, a derived form that keeps the root", () => {
    const recalls = buildTopicProfile({ name: 'Food safety recalls', context: [], sources: [], profilePlaces: [], evidence: [] });
    expect(recalls.query).not.toMatch(/callback|nutrient/);
    const climate = buildTopicProfile({ name: 'Climate change adaptation', context: [], sources: [], profilePlaces: [], evidence: [] });
    expect(climate.query).not.toMatch(/acclimat|clime/);
    const deals = buildTopicProfile({ name: 'Semiconductor acquisitions', context: [], sources: [], profilePlaces: [], evidence: [] });
    expect(deals.query).toMatch(/\bacquire\b/);
  });

  it('takes refugee quotas for migration and import quotas for trade', () => {
    const refugees = buildTopicProfile({ name: 'Refugee relocation quotas', context: [], sources: [], profilePlaces: [], evidence: [] });
    expect(refugees.description).toMatch(/^Arrivals, borders and asylum policy concerning refugee relocation quotas\./);
    expect(refugees.key_entities).not.toContain('World Trade Organization');
    expect(buildTopicProfile({ name: 'Steel import quotas', context: [], sources: [], profilePlaces: [], evidence: [] }).description).toMatch(/^Tariffs, trade disputes and agreements concerning steel import quotas\./);
  });

  it('names a body once with its acronym, and a law with its article', () => {
    const fda = buildTopicProfile({ name: 'FDA drug approvals', context: [], sources: [], profilePlaces: [], evidence: [] });
    expect(fda.description).toContain('Key players include the Food and Drug Administration (FDA).');
    expect(buildTopicProfile({ name: 'EU AI Act', context: [], sources: [], profilePlaces: [], evidence: [] }).description).toMatch(/concerning the EU AI Act in the European Union\./);
  });

  it('treats a name as a company and keeps the user’s sources', () => {
    const topic = buildTopicProfile({ name: 'Pfizer', context: [], sources: [9, 4], profilePlaces: [], evidence: [] });
    expect(topic.key_events).toContain('Quarterly results or guidance');
    expect(topic.key_entities).toEqual(['Pfizer']);
    expect(topic.sources).toEqual([9, 4]);
  });

  it('reads the clinical-trials corpus for a treatment topic', () => {
    const docs = evidence('clinicaltrials_herniated_disc', /disc/i, 20);
    const topic = buildTopicProfile({ name: 'Herniated disc treatments', context: [], sources: [], profilePlaces: [], evidence: docs });
    expect(topic.key_events[0]).toBe('Clinical trial started or recruiting');
    expect(topic.sources).toContain(9);
  });
});

describe('builtinValidateTopic', () => {
  const input = (topic: string, turns: { question: string; answer: string }[] = []) => ({ topic, turns, sources: [], existing: [], profile, evidence: [] });

  it('validates a specific topic and names it', () => {
    const out = builtinValidateTopic(input('track the european central bank rate decisions'));
    expect(out.status).toBe('validated');
    expect(out.normalized_name).toBe('The European Central Bank rate decisions');
    expect(out.topic!.key_entities).toContain('European Central Bank');
  });

  it('asks about ambiguous names unless the words around them settle it', () => {
    expect(builtinValidateTopic(input('Jaguar')).options.map((o) => o.id)).toEqual(['1', '2']);
    expect(builtinValidateTopic(input('jaguar electric cars')).status).toBe('validated');
    expect(readTopic('jaguar', [{ question: 'Which one did you mean?', answer: '2' }])).toMatchObject({ kind: 'clear', name: 'Jaguar conservation' });
    expect(readTopic('delta', [{ question: 'Which?', answer: 'the airline' }])).toMatchObject({ kind: 'clear', name: 'Delta Air Lines' });
  });

  it('asks to narrow a broad subject and takes the answer as the topic', () => {
    expect(builtinValidateTopic(input('Healthcare news')).question).toMatch(/broad subject.*Cancer immunotherapy trials/);
    expect(readTopic('healthcare news', [{ question: 'Which part?', answer: 'hospital price transparency rules' }])).toMatchObject({ kind: 'clear', name: 'Hospital price transparency rules' });
  });

  it('asks about unknown words, accepts an explanation, and gives up after three questions', () => {
    expect(builtinValidateTopic(input('zorblax')).status).toBe('clarification_needed');
    expect(readTopic('zorblax', [{ question: '?', answer: 'a fintech startup in Berlin' }])).toMatchObject({ kind: 'clear', name: 'Zorblax' });
    const turns = [1, 2, 3].map(() => ({ question: '?', answer: 'zorp' }));
    expect(builtinValidateTopic(input('zorblax', turns))).toMatchObject({ status: 'failed', error: expect.stringMatching(/could not pin down/) });
  });
});

describe('builtinModifyTopic', () => {
  it('keeps the user’s words and completes what is short', () => {
    const current = { name: 'Lithium prices', ...buildTopicProfile({ name: 'Lithium prices', context: [], sources: [], profilePlaces: [], evidence: [] }) };
    const out = builtinModifyTopic({ current, changes: { query: 'lithium carbonate price', key_places: ['Chile', 'Chile', 'Australia'] }, turns: [], profile: { places: [] }, evidence: [] });
    expect(out.status).toBe('updated');
    expect(out.topic!.query.startsWith('lithium carbonate price')).toBe(true);
    expect(words(out.topic!.query)).toBeGreaterThanOrEqual(12);
    expect(out.topic!.key_places).toEqual(['Chile', 'Australia']);
    expect(out.topic!.description).toBe(current.description);
  });
});

describe('profiles', () => {
  it('splits interests into phrases', () => {
    expect(interestPhrases('I follow EU battery regulation, lithium supply chains and Tesla; solid-state batteries')).toEqual(['EU battery regulation', 'Lithium supply chains', 'Tesla', 'Solid-state batteries']);
    // A lone common word after "and" belongs to the phrase: no "Alignment" cut from the user's words.
    expect(interestPhrases('AI safety and alignment, crop prices and harvests')).toEqual(['AI safety and alignment', 'Crop prices and harvests']);
    // ... and a lone common word before it, capitalised only as the first word: no "Refugee" topic cut from the user's words.
    expect(interestPhrases('Refugee and asylum policy in Europe; Tesla and battery supply chains; Apple and Microsoft')).toEqual(['Refugee and asylum policy in Europe', 'Tesla', 'Battery supply chains', 'Apple', 'Microsoft']);
    // A list's last item keeps no "and" of its own.
    expect(interestPhrases('Retrieval-augmented generation, model evaluation, and AI safety regulation in the EU')).toEqual(['Retrieval-augmented generation', 'Model evaluation', 'AI safety regulation in the EU']);
    // Two places before one noun share it; two places alone are two subjects.
    expect(interestPhrases('Hungary and Croatia border measures; Japan and South Korea trade relations; Germany and France')).toEqual(['Hungary and Croatia border measures', 'Japan and South Korea trade relations', 'Germany', 'France']);
    // A colon opens a list; the clause that says why a subject matters to the writer is no part of it.
    expect(interestPhrases('Drug pricing policy: payer negotiations, central bank rates as they affect our financing')).toEqual(['Drug pricing policy', 'Payer negotiations', 'Central bank rates']);
    expect(interestPhrases('EU rules that affect our exports; payments regulation for our startup; IT security; health of refugees in Europe')).toEqual(['EU rules', 'Payments regulation', 'IT security', 'Health of refugees in Europe']);
    // One unnamed organisation after "for a" is whom the writer works for; a plural stays the subject's.
    expect(interestPhrases('I cover energy and pharmaceuticals for a hedge fund: oil prices; antitrust cases for a law firm; capital rules for banks; rules for a digital currency')).toEqual(['Energy and pharmaceuticals', 'Oil prices', 'Antitrust cases', 'Capital rules for banks', 'Rules for a digital currency']);
  });

  it('knows two names of one subject, and an organisation from a subject named after it', () => {
    expect(sameSubject('Crop prices', 'Crop prices and harvests')).toBe(true);
    expect(sameSubject('Semiconductor export controls', 'Chip export controls')).toBe(true);
    expect(sameSubject('Germany insurance regulation', 'Insurance regulation')).toBe(true);
    expect(sameSubject('Federal Reserve', 'Federal Reserve monetary policy')).toBe(false);
    expect(sameSubject('Lithium supply', 'Platinum prices')).toBe(false);
  });

  it('builds the AI profile from a form', () => {
    const ai = buildAiProfile({ firstName: 'Ada', title: 'Regulatory analyst', organization: 'Northvolt', location: 'Stockholm, Sweden', interests: 'EU battery regulation, lithium supply chains and Tesla', answers: [] });
    expect(ai.places_jurisdictions).toEqual(['Sweden', 'European Union']);
    expect(ai.organizations).toEqual(['Northvolt', 'Tesla']);
    expect(ai.products_markets).toEqual(['EU battery regulation', 'Lithium supply chains']);
    expect(ai.gpt_responsibilities).toContain('Research and analysis');
    expect(ai.gpt_profile).toMatch(/^Ada is a regulatory analyst at Northvolt, based in Stockholm, Sweden\. They follow EU battery regulation and lithium supply chains\./);
  });

  it('validates, questions or fails a profile form', () => {
    const form = { first_name: 'Ada', title: 'Analyst', organization: '', location: '', language: 'en', interests: 'economy' };
    expect(builtinValidateProfile({ form, turns: [] }).status).toBe('clarification_needed');
    expect(builtinValidateProfile({ form, turns: [{ question: '?', answer: 'euro area inflation' }] }).status).toBe('validated');
    expect(builtinValidateProfile({ form: { ...form, interests: 'kxqz vvbnm' }, turns: [{ question: '?', answer: 'plmq' }] })).toMatchObject({ status: 'failed', field_errors: { interests: [expect.any(String)] } });
  });
});

describe('suggestions', () => {
  it('ranks by origin and evidence, takes kinds in turn, and leaves out tracked and removed topics', () => {
    const out = builtinSuggestTopics({
      profile: { title: '', organization: '', interests: '', summary: null, industries: [], organizations: [], places: [], products_markets: [] },
      existing: ['Research on large language models'],
      excluded: ['Chip export controls'],
      candidates: [
        { name: 'Large language model research', kind: 'interest', reasoning: '', sources: [4], evidence: 40 },
        { name: 'Chip export controls', kind: 'industry', reasoning: '', sources: [6], evidence: 3 },
        { name: 'AI accelerator chips', kind: 'industry', reasoning: '', sources: [1], evidence: 0 },
        { name: 'Retrieval-augmented generation', kind: 'interest', reasoning: '', sources: [4], evidence: 12 },
        { name: 'Nvidia', kind: 'corpus', reasoning: '', sources: [1], evidence: 9 },
      ],
      limit: 3,
    });
    expect(out.suggestions.map((s) => s.name)).toEqual(['Retrieval-augmented generation', 'Nvidia', 'AI accelerator chips']);
  });
});

describe('the built-in interview', () => {
  const form = { first_name: 'Ada', title: 'Analyst', organization: 'Acme', location: 'Berlin, Germany', interests: 'bank capital rules' };
  it('asks its six questions in order and closes', () => {
    const turns: InterviewTurn[] = [];
    for (const step of INTERVIEW_STEPS) {
      const turn = builtinInterview({ profile: form, turns, industryOptions: ['Banking & Capital Markets'], topicOptions: ['Basel III'], finish: false });
      expect(turn.step).toBe(step);
      turns.push({ step: turn.step, question: turn.message, options: turn.multiple_choice?.options ?? [], answer: { text: 'x', selected: turn.multiple_choice ? ['1'] : [], other: null } });
    }
    expect(turns[3]!.options[0]!.text).toBe('Germany');
    const last = builtinInterview({ profile: form, turns, industryOptions: [], topicOptions: [], finish: false });
    expect(last).toMatchObject({ done: true, multiple_choice: null });
    const profileOut = builtinInterviewProfile({ profile: form, turns });
    expect(profileOut.topics).toEqual(['Basel III']);
    expect(profileOut.profile.gpt_industries[0]).toBe('Banking & Capital Markets');
  });
});

describe('the add-topic chat', () => {
  it('reads lists, single topics and answers to its questions', () => {
    expect(topicPhrases('Please track: lithium prices, cobalt supply, nickel')).toEqual(['Lithium prices', 'Cobalt supply', 'Nickel']);
    expect(topicPhrases('mergers and acquisitions in European banking')).toEqual(['Mergers and acquisitions in European banking']);
    const answer = builtinAddTopicChat({
      transcript: [
        { role: 'user', content: 'amazon' },
        { role: 'assistant', content: '“Amazon” can mean more than one thing. Which one did you mean?\n1. Amazon.com, the company\n2. The Amazon rainforest' },
        { role: 'user', content: '2' },
      ],
      existing: [],
    });
    expect(answer.topics).toEqual([{ name: 'Amazon', answers: ['2'] }]);
    expect(builtinAddTopicChat({ transcript: [{ role: 'user', content: "no, that's all" }], existing: [] }).topics).toEqual([]);
  });
});
