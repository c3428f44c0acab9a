import { describe, expect, it } from 'vitest';
import { articleFaults } from './article-faults.js';
import { builtinCompose, type ComposeInput } from './compose.js';
import type { DocumentRecord } from './document-record.js';
import { builtinImpact, type ImpactInput, type TImpact } from './impact.js';
import { saysAgain } from './summarise.js';
import { ruleNamed } from '../rules.js';
import { ACT_RULES, groundedTakeaway, groundedTakeawayOf, reportsAct, RESOURCE_RULES } from './takeaway.js';
import { OUTLOOK_RULES } from './outlook.js';

// A made-up research preprint: findings, no deadline, no date ahead, nothing a reader's profile names.
const paper = {
  documentId: 41,
  title: 'Sparse mixture-of-experts routing lowers inference cost of language models',
  text:
    'We study sparse mixture-of-experts routing for transformer language models. ' +
    'Our router activates two of sixty-four experts per token and cuts inference cost by 38 percent at equal perplexity. ' +
    'Experiments on three benchmarks show the gains hold from 1 billion to 13 billion parameters. ' +
    'Ablations attribute most of the saving to load balancing across experts.',
  summary: 'A sparse mixture-of-experts router cuts the inference cost of transformer language models by 38 percent at equal perplexity.',
  keyFacts: [],
  publisher: 'arXiv',
  date: '2025-03-04T00:00:00.000Z',
  collectionId: 4,
  score: 1,
};
const paperRecord = { kind: 'scientific_studies', contentType: 'arXiv preprint', publisher: 'arXiv', date: paper.date, metadata: {} };
const nobody: ImpactInput['reader'] = { title: null, company: null, industry: null, organizations: [], productsMarkets: [], placesJurisdictions: [] };

function composed(topic: { name: string; keyEntities: string[] }, reader = nobody) {
  const input: ComposeInput = { topic, main: paper, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' };
  const article = builtinCompose(input);
  const impact = builtinImpact({
    reader,
    topic,
    article: { title: article.title, introduction: article.introduction, points: article.bullet_points, sections: article.sections },
    references: [{ number: 1, title: paper.title, date: paper.date, kind: 'scientific_studies', text: paper.text }],
    reported: paper.date,
    rank: 0.5,
    standing: null,
    phaseChange: false,
  });
  const takeaway = article.actionable_takeaway || groundedTakeaway(impact, { topic, article: { introduction: article.introduction, points: article.bullet_points }, document: { record: paperRecord, reference: 1 } });
  return { article, impact, takeaway };
}

const bare = (text: string) => text.replace(/\s*\[\d+\]/g, '').trim();

describe('the takeaway of an article whose documents give nothing actionable', () => {
  it('is never empty, never the lead again nor the byline: the impact line', () => {
    const { article, impact, takeaway } = composed({ name: 'Efficient language models', keyEntities: [] });
    // The premise: the paper sets no date, names nothing followed, and the composition left the takeaway empty.
    expect(article.actionable_takeaway).toBe('');
    expect(impact.horizon).toEqual([]);
    expect(impact.why_it_matters).toBeNull();
    // Its kind and date are its byline, no takeaway: the impact line stands in, and no line says what the paper lacks.
    expect(takeaway).toBe('Severity 2 of 5 for your topic “Efficient language models” (low confidence): ranked 50 of 100 for relevance and quality, with too few articles of yours yet to compare it with.');
    expect(takeaway).not.toMatch(/no date|names nothing/);
    expect(saysAgain(takeaway, [bare(article.introduction), ...article.bullet_points.map(bare)])).toBe(false);
    expect(articleFaults({ ...article, actionable_takeaway: takeaway })).not.toContain('takeaway_repeats');
  });

  it("names what the reader's topic follows, with the references that name it", () => {
    const { takeaway } = composed({ name: 'Efficient language models', keyEntities: ['mixture-of-experts', 'OpenAI'] });
    expect(takeaway).toBe('It names mixture-of-experts, which your topic “Efficient language models” follows. [1]');
  });

  it("says why it matters to the reader when the paper names what their profile follows", () => {
    const { impact, takeaway } = composed({ name: 'Efficient language models', keyEntities: [] }, { ...nobody, company: 'Acme AI', productsMarkets: ['inference'] });
    expect(impact.why_it_matters?.references).toEqual([1]);
    expect(takeaway).toBe('It names inference, which you follow. [1]');
  });
});

describe('the takeaway of a clinical trial registry record', () => {
  const trial = {
    ...paper,
    documentId: 52,
    title: 'Semaglutide in Adults With Knee Osteoarthritis and Obesity',
    text: 'This study looks at how semaglutide changes knee pain in adults with obesity and knee osteoarthritis. Participants receive semaglutide or placebo once a week.',
    summary: 'This study looks at how semaglutide changes knee pain in adults with obesity and knee osteoarthritis.',
    publisher: 'Novo Nordisk A/S',
    collectionId: 9,
  };
  const topic = { name: 'Obesity drugs', keyEntities: [] };
  const record = { kind: 'clinical_trials', contentType: 'Clinical trial', publisher: trial.publisher, date: trial.date, metadata: { sponsor: 'Novo Nordisk A/S', status: 'RECRUITING', phases: ['PHASE3'], enrollment: 407, conditions: ['Knee Osteoarthritis', 'Obesity'] } };

  it("says the trial's phase, status and enrolment in plain words, and no severity or missing-date line", () => {
    const article = builtinCompose({ topic, main: trial, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' });
    const impact = builtinImpact({
      reader: nobody,
      topic,
      article: { title: article.title, introduction: article.introduction, points: article.bullet_points, sections: article.sections },
      references: [{ number: 1, title: trial.title, date: trial.date, kind: 'clinical_trials', text: trial.text }],
      reported: trial.date,
      rank: 0.5,
      standing: null,
      phaseChange: false,
    });
    expect(article.actionable_takeaway).toBe('');
    const takeaway = groundedTakeaway(impact, { topic, article: { introduction: article.introduction, points: article.bullet_points }, document: { record, reference: 1 } });
    expect(takeaway).toBe('Clinical trial from Novo Nordisk A/S for Knee Osteoarthritis; Obesity: phase 3, recruiting, 407 participants. [1]');
    expect(articleFaults({ ...article, actionable_takeaway: takeaway })).not.toContain('takeaway_repeats');
  });

  it('is the first point of an article composed with the record, and then not said again', () => {
    const article = builtinCompose({ topic, main: { ...trial, record }, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' });
    expect(article.bullet_points[0]).toBe('Clinical trial from Novo Nordisk A/S for Knee Osteoarthritis; Obesity: phase 3, recruiting, 407 participants. [1]');
    const impact = builtinImpact({ reader: nobody, topic, article: { title: article.title, introduction: article.introduction, points: article.bullet_points, sections: article.sections }, references: [{ number: 1, title: trial.title, date: trial.date, kind: 'clinical_trials', text: trial.text }], reported: trial.date, rank: 0.5, standing: null, phaseChange: false });
    const takeaway = groundedTakeaway(impact, { topic, article: { introduction: article.introduction, points: article.bullet_points }, document: { record, reference: 1 } });
    expect(takeaway).not.toContain('Clinical trial from');
    expect(articleFaults({ ...article, actionable_takeaway: takeaway })).not.toContain('takeaway_repeats');
  });
});

describe('groundedTakeaway', () => {
  const impact = builtinImpact({
    reader: nobody,
    topic: { name: 'Derivatives regulation', keyEntities: [] },
    article: { title: 'CFTC proposes margin rule', introduction: 'The CFTC proposed margin requirements for swap dealers. [1]', points: ['Comments must be received on or before May 20, 2024. [1]'], sections: [] },
    references: [{ number: 1, title: 'Margin', date: '2024-03-20T00:00:00Z', kind: 'regulations', text: 'The Commission proposes margin requirements. Comments must be received on or before May 20, 2024. The next meeting will be held on June 12, 2024.' }],
    reported: '2024-03-20T00:00:00Z',
    rank: 0.5,
    standing: null,
    phaseChange: false,
  });
  const topic = { name: 'Derivatives regulation', keyEntities: [] };
  const document = { record: { kind: 'regulations', contentType: 'Proposed Rule', publisher: 'COMMODITY FUTURES TRADING COMMISSION', date: '2024-03-20T00:00:00Z', metadata: { agency: 'COMMODITY FUTURES TRADING COMMISSION', action: 'Proposed rule.' } }, reference: 1 };

  it('says what the document is, then the first date ahead', () => {
    expect(groundedTakeaway(impact, { topic, article: { introduction: 'The CFTC proposed margin requirements. [1]', points: [] }, document })).toBe(
      'Watch May 20, 2024: Comments must be received on or before May 20, 2024. [1]',
    );
  });

  it('skips a date whose sentence a point already quotes', () => {
    const article = { introduction: 'The CFTC proposed margin requirements. [1]', points: ['Comments must be received on or before May 20, 2024. [1]'] };
    expect(groundedTakeaway(impact, { topic, article, document })).toBe('Watch Jun 12, 2024: The next meeting will be held on June 12, 2024. [1]');
  });
});

describe('the takeaway of a report in a story: what changed against its last article', () => {
  const topic = { name: 'Interest rate decisions', keyEntities: [] };
  const none = builtinImpact({
    reader: nobody,
    topic,
    article: { title: 'Statement', introduction: 'The Committee met. [1]', points: [], sections: [] },
    references: [{ number: 1, title: 'Statement', date: '2015-12-16T00:00:00Z', kind: 'economic_data', text: 'The Committee met.' }],
    reported: '2015-12-16T00:00:00Z',
    rank: 0.5,
    standing: null,
    phaseChange: false,
  });
  const record = { kind: 'economic_data', contentType: 'FOMC statement', publisher: 'Federal Reserve', date: '2015-12-16T00:00:00Z', metadata: {} };
  // Nothing else grounded: the impact line stands in (the byline is no takeaway).
  const ordinary = ' Severity 2 of 5 for your topic “Interest rate decisions” (low confidence): ranked 50 of 100 for relevance and quality, with too few articles of yours yet to compare it with.';
  const october =
    'The Committee today reaffirmed its view that the current 0 to 1/4 percent target range for the federal funds rate remains appropriate. ' +
    'Inflation is expected to rise toward 2 percent over the medium term.';
  const december =
    'The Committee decided to raise the target range for the federal funds rate to 1/4 to 1/2 percent. ' +
    'Inflation is expected to rise toward 2 percent over the medium term.';
  const article = { introduction: 'The Committee raised rates. [1]', points: [] };

  it('says the figure that moved, with both values and the date of the article it moved from', () => {
    const takeaway = groundedTakeaway(none, { topic, article, document: { record, reference: 1, text: december, language: 'en' }, previous: { date: '2015-10-28T00:00:00Z', text: october, language: 'en' } });
    expect(takeaway).toBe(
      "The target range for the federal funds rate: 1/4 to 1/2 percent, against 0 to 1/4 percent in the story's last article (Oct 28, 2015). [1] What to expect: Inflation is expected to rise toward 2 percent over the medium term. [1]",
    );
  });

  it("does not say again what the article's sections quote", () => {
    const quoted = { ...article, sections: ['Inflation is expected to rise toward 2 percent over the medium term. [1]'] };
    const takeaway = groundedTakeaway(none, { topic, article: quoted, document: { record, reference: 1, text: december, language: 'en' }, previous: { date: '2015-10-28T00:00:00Z', text: october, language: 'en' } });
    expect(takeaway).toBe("The target range for the federal funds rate: 1/4 to 1/2 percent, against 0 to 1/4 percent in the story's last article (Oct 28, 2015). [1]");
  });

  it.each([
    ['a figure that moved', december, october, "The target range for the federal funds rate: 1/4 to 1/2 percent, against 0 to 1/4 percent in the story's last article. [1] What to expect: Inflation is expected to rise toward 2 percent over the medium term. [1]"],
    [
      'the countries a one-sentence report brings',
      'The first group, 450 of an expected 10,000 migrants, arrive in Munich, Germany, after traveling through Hungary and Austria.',
      "Following Austria's and Germany's decision to waive their asylum system rules, approximately 6,500 migrants arrive in Vienna.",
      'New to the story since its last article: Hungary. [1]',
    ],
  ])("says %s against a last article with no date of its own without a date, not the time it arrived", (_, now, was, expected) => {
    const intro = now === december ? article : { introduction: `${now} [1]`, points: [] };
    expect(groundedTakeaway(none, { topic, article: intro, document: { record, reference: 1, text: now, language: 'en' }, previous: { date: null, text: was, language: 'en' } })).toBe(expected);
  });

  it('says the statement a news report adds to its story, and nothing of the kind for the story\'s first report', () => {
    const news = { ...record, kind: 'news', contentType: 'Report', publisher: 'Wire' };
    const before = 'Rescuers searched the collapsed factory for survivors on Wednesday. Dozens of workers remain missing.';
    const after = 'Rescuers searched the collapsed factory for survivors on Thursday. Police arrested the building owner at the border as he tried to leave.';
    const context = { topic, article: { introduction: 'Rescuers searched the factory. [1]', points: [] }, document: { record: news, reference: 1, text: after } };
    expect(groundedTakeaway(none, { ...context, previous: { date: '2015-12-15T00:00:00Z', text: before } })).toBe(
      "New since the story's last article (Dec 15, 2015): Police arrested the building owner at the border as he tried to leave. [1]",
    );
    expect(groundedTakeaway(none, context)).toBe(ordinary.trim());
  });

  it('says the countries a one-sentence report brings into its story, when its only statement is its lead', () => {
    const news = { ...record, kind: 'news', contentType: 'Current events item', publisher: 'Wikipedia', date: '2015-09-05T00:00:00Z' };
    const vienna = "Following Austria's and Germany's decision to waive their asylum system rules, approximately 6,500 migrants arrive in Vienna.";
    const munich = 'The first group, 450 of an expected 10,000 migrants, arrive in Munich, Germany, after traveling through Hungary and Austria.';
    const context = { topic, article: { introduction: `${munich} [1]`, points: [] }, document: { record: news, reference: 1, text: munich, language: 'en' } };
    expect(groundedTakeaway(none, { ...context, previous: { date: '2015-09-04T00:00:00Z', text: vienna, language: 'en' } })).toBe(
      'New to the story since its last article (Sep 4, 2015): Hungary. [1]',
    );
    // Nothing new to the story: no line; nor without a last article to compare with.
    expect(groundedTakeaway(none, { ...context, previous: { date: '2015-09-04T00:00:00Z', text: `${vienna} Trains left Hungary.`, language: 'en' } })).toBe(ordinary.trim());
    expect(groundedTakeaway(none, context)).toBe(ordinary.trim());
    // A city is no country the story reaches: the banks of Boston and Chicago are no report from the United States.
    const bank = 'The Board approved the discount rate actions of the Federal Reserve Banks of Boston, Chicago and Dallas.';
    const bankContext = { topic, article: { introduction: `${bank} [1]`, points: [] }, document: { record: news, reference: 1, text: bank, language: 'en' } };
    expect(groundedTakeaway(none, { ...bankContext, previous: { date: '2015-09-04T00:00:00Z', text: 'The Board approved the discount rate action.', language: 'en' } })).toBe(ordinary.trim());
    // A longer report, with a statement its lead does not say: its countries are no change of the story; what it expects is said.
    const longer = `${munich} Officials in Berlin expect more trains.`;
    expect(groundedTakeaway(none, { ...context, document: { ...context.document, text: longer }, previous: { date: '2015-09-04T00:00:00Z', text: vienna, language: 'en' } })).toBe('What to expect: Officials in Berlin expect more trains. [1]');
  });
});

describe('the takeaway of a news report: what the document says a name the reader follows did', () => {
  const text =
    'Harbor Bank reported a second quarter of deposit outflows on Monday, its chief executive said. ' +
    'Lakeside Savings acquired twelve Harbor Bank branches in Ohio after regulators approved the sale. ' +
    'The Lakeside Savings Foundation announced grants for the towns affected. ' +
    'Analysts expect more regional lenders to shrink this year.';
  const introduction = 'Harbor Bank reported a second quarter of deposit outflows. [1]';
  const record = { kind: 'news', contentType: 'Report', publisher: 'Wire', date: '2024-07-08T00:00:00Z', metadata: {} };
  const impactFor = (reader: ImpactInput['reader'], topic: { name: string; keyEntities: string[] }, body = text) =>
    builtinImpact({
      reader,
      topic,
      article: { title: 'Harbor Bank deposits fall', introduction, points: [], sections: [{ heading: 'What happened', content: `${body.split('. ')[1]}. [1]` }] },
      references: [{ number: 1, title: 'Harbor Bank deposits fall', date: record.date, kind: 'news', text: body }],
      reported: record.date,
      rank: 0.5,
      standing: null,
      phaseChange: false,
    });
  const banking: { name: string; keyEntities: string[] } = { name: 'Regional banking', keyEntities: [] };
  const context = (topic = banking, body = text) => ({ topic, article: { introduction, points: [] }, document: { record, reference: 1, text: body, language: 'en' } });

  it("quotes what a name of the reader's profile did, where the lead did not say it, in place of the bare names", () => {
    const impact = impactFor({ ...nobody, organizations: ['Lakeside Savings'] }, banking);
    expect(impact.why_it_matters?.text).toBe('It names Lakeside Savings, which you follow.');
    expect(groundedTakeaway(impact, context())).toBe('What to expect: Analysts expect more regional lenders to shrink this year. [1] Lakeside Savings, which you follow: Lakeside Savings acquired twelve Harbor Bank branches in Ohio after regulators approved the sale. [1]');
  });

  it("says it of a name the reader's topic follows too", () => {
    const topic = { name: 'Regional banking', keyEntities: ['Lakeside Savings'] };
    expect(groundedTakeaway(impactFor(nobody, topic), context(topic))).toBe(
      'What to expect: Analysts expect more regional lenders to shrink this year. [1] Lakeside Savings, which your topic “Regional banking” follows: Lakeside Savings acquired twelve Harbor Bank branches in Ohio after regulators approved the sale. [1]',
    );
  });

  it('keeps the bare names line when the name only undergoes the act, is a piece of a longer name, or the act is a rule', () => {
    const reader = { ...nobody, organizations: ['Lakeside Savings'] };
    for (const sentence of ['Regulators approved the sale of twelve Harbor Bank branches in Ohio to Lakeside Savings', 'The Lakeside Savings Foundation announced grants for the towns affected by the closures', 'Lakeside Savings shall close the branches it acquired once regulators approve the sale']) {
      const body = `Harbor Bank reported a second quarter of deposit outflows on Monday. ${sentence}. Shares of regional lenders fell on the news.`;
      expect(groundedTakeaway(impactFor(reader, banking, body), context(banking, body))).toBe('It names Lakeside Savings, which you follow. [1]');
    }
  });
});

describe('what stands in when what the document is is the only part with something behind it', () => {
  const topic = { name: 'Harbour policy', keyEntities: ['Port Authority'] };
  const article = { introduction: 'The council met on the harbour plan. [1]', points: [] };
  const impact = (over: Partial<TImpact> = {}): TImpact => ({ why_it_matters: null, severity: 2, confidence: 'low', severity_basis: 'ranked above 40% of your recent articles.', entities: [], horizon: [], ...over });
  const byline = { kind: 'news', contentType: 'Council bulletin item', publisher: 'City Council', date: '2019-05-02T00:00:00Z', metadata: {} };
  const record = (over: Partial<DocumentRecord>): DocumentRecord => ({ ...byline, ...over });
  it.each([
    ['a byline alone (kind, publisher, date): no takeaway, the impact line stands in', impact(), record({}), 'Severity 2 of 5 for your topic “Harbour policy” (low confidence): ranked above 40% of your recent articles.', 'impact'],
    ['an undated byline alone: no takeaway, the impact line stands in, with its basis', impact({ severity: 4, confidence: 'medium', severity_basis: 'in the top 5% of your recent articles; the story moved to a new stage.' }), record({ date: null }), 'Severity 4 of 5 for your topic “Harbour policy” (medium confidence): in the top 5% of your recent articles; the story moved to a new stage.', 'impact'],
    ['a record that says a fact of the document (a trial\'s phase and status) is a takeaway alone', impact(), record({ kind: 'clinical_trials', contentType: 'Clinical trial', publisher: 'Harbour Clinic', metadata: { sponsor: 'Harbour Clinic', phases: ['PHASE2'], status: 'RECRUITING' } }), 'Clinical trial from Harbour Clinic: phase 2, recruiting. [1]', 'documents'],
    ['a record that says what the document is about (a trial\'s conditions) is a takeaway alone', impact(), record({ kind: 'clinical_trials', contentType: 'Clinical trial', publisher: 'Harbour Clinic', metadata: { conditions: ['Sciatica'] } }), 'Clinical trial from Harbour Clinic for Sciatica, May 2, 2019. [1]', 'documents'],
    ['a date ahead: no impact line', impact({ horizon: [{ date: '2019-06-01', what: 'Comments are due by June 1, 2019.', references: [1] }] }), record({}), 'Watch Jun 1, 2019: Comments are due by June 1, 2019. [1]', 'documents'],
    ['why it matters to the reader: no impact line', impact({ why_it_matters: { text: 'It names Dock Street, which you follow.', references: [1] }, entities: [{ name: 'Dock Street', references: [1] }] }), record({}), 'It names Dock Street, which you follow. [1]', 'why_it_matters'],
    ['a name the topic follows: no impact line', impact({ entities: [{ name: 'Port Authority', references: [1] }] }), record({}), 'It names Port Authority, which your topic “Harbour policy” follows. [1]', 'followed_names'],
  ] as const)('%s', (_, given, rec, expected, basis) => {
    // The basis says which line stood in: the article page leaves the impact's own lines to its impact card.
    expect(groundedTakeawayOf(given, { topic, article, document: { record: rec, reference: 1 } })).toEqual({ text: expected, basis });
  });
});

describe('the takeaway of a study: what its findings mean', () => {
  const topic = { name: 'Efficient language models', keyEntities: [] };
  const impact: TImpact = { why_it_matters: { text: 'It names inference, which you follow.', references: [1] }, severity: 2, confidence: 'low', severity_basis: 'ranked 50 of 100.', entities: [{ name: 'inference', references: [1] }], horizon: [] };
  const article = { introduction: 'A sparse router cuts inference cost by 38 percent. [1]', points: [] };
  const text = (...more: string[]) => [paper.text, ...more].join(' ');
  const takeaway = (body: string) => groundedTakeaway(impact, { topic, article, document: { record: paperRecord, reference: 1, text: body, language: 'en' } });

  it('quotes what the authors say the findings mean, before what anyone expects, in place of why it was chosen', () => {
    const body = text('The authors expect larger models to gain more from routing.', 'Our results suggest that routing, not model size, drives the cost of inference.');
    expect(takeaway(body)).toBe('What it means: Our results suggest that routing, not model size, drives the cost of inference. [1]');
  });

  it('quotes what the document found, before what anyone expects, when it says nothing of what its findings mean', () => {
    const body = text('The authors expect larger models to gain more from routing.', 'We find that load balancing accounts for most of the saving.');
    expect(takeaway(body)).toBe('What it finds: We find that load balancing accounts for most of the saving. [1]');
  });

  it('quotes what the document expects when it says nothing of what its findings mean', () => {
    expect(takeaway(text('The authors expect larger models to gain more from routing.'))).toBe('What to expect: The authors expect larger models to gain more from routing. [1]');
  });

  it("keeps to why it matters to the reader when the document says neither, and never quotes a sentence the lead or points said", () => {
    expect(takeaway(paper.text)).toBe('It names inference, which you follow. [1]');
    const said = 'Our results suggest that routing, not model size, drives the cost of inference.';
    expect(groundedTakeaway(impact, { topic, article: { introduction: `${said} [1]`, points: [] }, document: { record: paperRecord, reference: 1, text: text(said), language: 'en' } })).toBe('It names inference, which you follow. [1]');
  });

  it.each([
    ['points-to-resource', 'Our code is available at https://github.com/example/router.', true],
    ['points-to-resource', 'See https://example.org for the press release.', false],
  ])('%s: %s -> %s', (name, sentence, fires) => {
    expect(ruleNamed(RESOURCE_RULES, name).test(sentence)).toBe(fires);
  });

  it.each([
    ['outlook-means', 'Our findings indicate that load balancing matters most.', true],
    ['outlook-means', 'The results show a 38 percent saving.', false],
    ['outlook-means', 'Each label is a flag indicating whether the output satisfies the rubric.', false],
    ['outlook-finds', 'Experimental results demonstrate that the router halves the cost.', true],
    ['outlook-means', 'The router activates two experts per token.', false],
    ['outlook-finds', 'We show that load balancing accounts for most of the saving.', true],
    ['outlook-finds', 'Experiments on three benchmarks further demonstrate that the gains hold.', true],
    ['outlook-finds', 'We show the router in Figure 2.', false],
    ['outlook-expects', 'The Committee expects inflation to rise toward 2 percent.', true],
    ['outlook-expects', 'The company plans to open two plants next year.', true],
    ['outlook-expects', 'The company opened two plants last year.', false],
  ])('%s: %s -> %s', (name, sentence, fires) => {
    expect(ruleNamed(OUTLOOK_RULES, name).test(sentence)).toBe(fires);
  });

  it('says where its code, data or models are, after what it means, and not for any address', () => {
    const code = 'Code and model weights are available at https://github.com/example/sparse-router.';
    expect(takeaway(text(code))).toBe(`Where to get it: ${code.replace(/\.$/, '')}. [1]`);
    expect(takeaway(text('Our results suggest that routing drives the cost of inference.', code))).toBe(
      `What it means: Our results suggest that routing drives the cost of inference. [1] Where to get it: ${code.replace(/\.$/, '')}. [1]`,
    );
    // An address with nothing a reader can take from it, or in a language without the rule, says nothing.
    expect(takeaway(text('Read the press coverage at https://example.org/news.'))).toBe('It names inference, which you follow. [1]');
    expect(groundedTakeaway(impact, { topic, article, document: { record: paperRecord, reference: 1, text: text(code), language: 'fr' } })).toBe('It names inference, which you follow. [1]');
  });

  it('has no outlook in a language without its rules', () => {
    const body = `${paper.text} Our results suggest that routing drives the cost of inference.`;
    expect(groundedTakeaway(impact, { topic, article, document: { record: paperRecord, reference: 1, text: body, language: 'fr' } })).toBe('It names inference, which you follow. [1]');
  });
});

describe('takeaway: the act rule (rules.ts)', () => {
  it.each([
    ['The Board shall approve the plan by June.', true],
    ['The committee may raise the rate next month.', true],
    ['The Board approved the plan on Tuesday.', false],
  ])('modal-statement: %s -> %s', (sentence, fires) => {
    expect(ruleNamed(ACT_RULES, 'modal-statement').test(sentence)).toBe(fires);
  });

  it('reads an act where no modal verb makes it a rule, and leaves another language to its own rules', () => {
    expect(reportsAct('The Board approved the plan on Tuesday.')).toBe(true);
    expect(reportsAct('The Board approved the plan, which may change.')).toBe(false);
    expect(reportsAct('The Board approved the plan, which may change.', 'fr')).toBe(true);
  });
});
