import { describe, expect, it } from 'vitest';
import { builtinCompose, compose, repairArticle, sharesSubject } from './compose.js';
import { namesAKindOfDocument } from './document-kinds.js';
import { articleTitle, distinctTitle, headlineOf } from './titles.js';
import { articleFaults } from './article-faults.js';
import { keyMetrics } from './key-metrics.js';
import { builtinResearchPlan } from './research.js';

const main = {
  documentId: 10,
  title: 'Volkswagen admits 11 million cars carry emissions cheating software',
  text: 'Volkswagen said on Tuesday that 11 million vehicles worldwide carry software that cheats diesel emissions tests. The company set aside $7.3 billion to cover the costs. Its shares fell 20 percent in Frankfurt. Chief executive Martin Winterkorn apologised to customers.',
  summary: 'Volkswagen said 11 million vehicles carry software that cheats emissions tests.',
  keyFacts: ['The company set aside $7.3 billion to cover the costs.'],
  publisher: 'Wire',
  date: '2015-09-22T10:00:00.000Z',
  collectionId: 1,
  score: 1,
};
const supporting = [
  { documentId: 11, title: 'EPA finds Volkswagen violated the Clean Air Act', text: 'The Environmental Protection Agency said Volkswagen installed defeat devices in diesel cars sold in the United States since 2009.', summary: '', publisher: 'EPA', date: '2015-09-18T00:00:00.000Z', collectionId: 6, score: 0.8 },
  { documentId: 12, title: 'Unrelated paper on graph neural networks', text: 'We propose a new graph neural network architecture for molecule property prediction.', summary: '', publisher: 'arXiv', date: '2015-09-01T00:00:00.000Z', collectionId: 4, score: 0.1 },
];

describe('built-in composition', () => {
  const article = builtinCompose({ topic: { name: 'Automotive emissions' }, main, supporting, novelFacts: ['The company set aside $7.3 billion to cover the costs.'], knownFacts: [], phaseChange: null, language: 'en' });
  const text = [article.introduction, ...article.bullet_points, ...article.sections.map((s) => s.content)].join(' ');

  it('quotes the documents with numbered citations, renumbered in order of first citation, uncited sources left out', () => {
    const cited = [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    expect(Math.max(...cited)).toBe(article.references.length);
    expect(article.references[0]).toMatchObject({ number: 1, document_id: 10, source: 'Wire', date: '2015-09-22' });
    expect(article.references.map((r) => r.document_id)).not.toContain(12);
    // Its four sentences are the introduction and the points: the section after them is the background.
    expect(article.sections.map((s) => s.heading)).toEqual(['Background']);
    expect(article.bullet_points[0]).toBe('The company set aside $7.3 billion to cover the costs. [1]');
    expect(article.superhead).toBe('Automotive emissions');
  });

  it("reads a document's own bracketed numbers as its text, not as citations", () => {
    const paper = { ...main, documentId: 20, title: 'Sparse experts for protein folding', text: 'We extend the sparse experts of Christodoulou et al. [2023] to protein folding. Our model folds 40 percent more proteins than the baseline [12]. It runs on one accelerator.', summary: '' };
    const a = builtinCompose({ topic: { name: 'Protein folding' }, main: paper, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' });
    const all = [a.introduction, ...a.bullet_points, ...a.sections.map((s) => s.content)].join(' ');
    expect([...all.matchAll(/\[(\d+)\]/g)].map((m) => m[1])).toEqual(expect.arrayContaining(['1']));
    expect([...all.matchAll(/\[(\d+)\]/g)].every((m) => m[1] === '1')).toBe(true);
    expect(a.references.map((r) => r.document_id)).toEqual([20]);
    expect(all).toMatch(/Christodoulou et al\. \(2023\)|\(12\)/);
    // The summary's facts carry the same numbers ("[6]" past the article's references).
    const fact = 'The authors release the code and weights under an open licence [6].';
    const b = builtinCompose({ topic: { name: 'Protein folding' }, main: paper, supporting: [], novelFacts: [fact], knownFacts: [], phaseChange: null, language: 'en' });
    const cited = [b.introduction, ...b.bullet_points, ...b.sections.map((s) => s.content)].join(' ');
    expect([...cited.matchAll(/\[(\d+)\]/g)].every((m) => m[1] === '1')).toBe(true);
    expect(b.references.map((r) => r.document_id)).toEqual([20]);
  });

  it('quotes no question as its lead or a point', () => {
    const paper = {
      ...main,
      documentId: 21,
      title: 'Do language models know when they are wrong?',
      text: 'Can large language models discern when their own outputs are wrong? We test 12 models on 4,000 questions with known answers. The best model flags 71 percent of its errors. Smaller models flag fewer than half of theirs. How reliable is that figure across seeds? It varies by 3 points across five seeds.',
      summary: '',
      keyFacts: [],
    };
    const a = builtinCompose({ topic: { name: 'Language models' }, main: paper, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' });
    expect([a.introduction, ...a.bullet_points].filter((s) => /\?\s*(?:\[\d+\])?$/.test(s))).toEqual([]);
    expect(a.bullet_points.join(' ')).toContain('The best model flags 71 percent of its errors.');
  });

  it('quotes a standing rule as a point only from a document that lays it down', () => {
    const text =
      'The Widget Committee voted to raise its target rate by 25 basis points. ' +
      'Operations in foreign widgets shall generally be directed at countering disorderly market conditions. ' +
      'Members noted that widget output grew 3 percent in the fourth quarter. ' +
      'All transactions in widgets must be at prevailing market rates.';
    const minutes = { ...main, documentId: 30, title: 'Minutes of the Widget Committee', text, summary: '', keyFacts: [], collectionId: 1 };
    const points = (doc: typeof minutes) => builtinCompose({ topic: { name: 'Widget policy' }, main: doc, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' }).bullet_points.join(' ');
    expect(points(minutes)).not.toMatch(/shall|must/);
    expect(points(minutes)).toContain('widget output grew 3 percent');
    expect(points({ ...minutes, collectionId: 6 })).toMatch(/shall generally be directed/);
  });

  it("gives a language model the document's record in plain words", () => {
    const record = { kind: 'clinical_trials', contentType: 'Clinical trial', publisher: 'Spine Centre', date: '2024-03-20', metadata: { status: 'RECRUITING', phases: ['PHASE2'], enrollment: 80 } };
    const message = JSON.parse(compose.userMessage({ topic: { name: 'Disc surgery' }, main: { ...main, record }, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' })) as { documents: { record?: string }[] };
    expect(message.documents[0]!.record).toBe('Clinical trial from Spine Centre: phase 2, recruiting, 80 participants.');
    expect(compose.systemPrompt).toMatch(/record .* is one of the points/);
  });

  it('builds the key-metrics table from figures with units', () => {
    expect(article.data_table.columns).toEqual(['Metric', 'Value', 'Unit', 'Entity', 'Date', 'Confidence']);
    // Facts only: who, what is measured, the figure and its unit ("The company set aside $7.3 billion" and "Its shares fell 20 percent" name no one).
    expect(article.data_table.rows.map((r) => r.slice(0, 4).join(' | '))).toEqual(['vehicles worldwide | 11 | million | Volkswagen']);
    expect(keyMetrics([{ sentence: 'In 2015 the plant opened.', source: 1, date: '2015-01-01', main: true }])).toEqual([]);
  });

  it('plans research from the event title, its new facts and the topic', () => {
    const plan = builtinResearchPlan({ topic: { name: 'Automotive emissions', keyEntities: ['Volkswagen', 'EPA'] }, event: { title: main.title, summary: main.summary, novelFacts: main.keyFacts } });
    expect(plan.queries.length).toBeGreaterThanOrEqual(3);
    expect(plan.queries[0]!.query).toMatch(/volkswagen/i);
    expect(plan.queries.at(-1)!.query).toBe('Automotive emissions Volkswagen');
  });

  it('makes one point per sentence and never repeats one, when a novel fact is a whole summary', () => {
    const summaryFact = 'Volkswagen said on Tuesday that 11 million vehicles worldwide carry software that cheats diesel emissions tests. The company set aside $7.3 billion to cover the costs. Its shares fell 20 percent in Frankfurt.';
    const a = builtinCompose({ topic: { name: 'Automotive emissions' }, main, supporting, novelFacts: [summaryFact], knownFacts: [], phaseChange: null, language: 'en' });
    const points = a.bullet_points.map((p) => p.replace(/\s*\[\d+\]$/, ''));
    // The summary's first sentence says what the introduction says: the points start after it.
    expect(points[0]).toBe('The company set aside $7.3 billion to cover the costs.');
    expect(new Set(points).size).toBe(points.length);
    for (const point of points) expect(point.split(/(?<=[.!?])\s+(?=[A-Z])/)).toHaveLength(1);
    expect(points.filter((p) => p.includes('$7.3 billion'))).toHaveLength(1);
  });

  it('leads with a clause, not a summary\'s caption ("Notice of public meeting.")', () => {
    const caption = { ...main, title: 'Widget Advisory Board', summary: 'Notice of the public meeting of the Widget Advisory Board. The Widget Advisory Board will review widget safety labels on May 5.', text: 'Notice of the public meeting of the Widget Advisory Board. The Widget Advisory Board will review widget safety labels on May 5.' };
    const a = builtinCompose({ topic: { name: 'Widgets' }, main: caption, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' });
    expect(a.introduction).toBe('The Widget Advisory Board will review widget safety labels on May 5. [1]');
  });

  it('says a one-sentence document once as introduction and point, and gives the background', () => {
    const one = { ...main, text: 'Germany says it can take 500,000 asylum seekers a year while calling on other nations to take their share.', summary: 'Germany says it can take 500,000 asylum seekers a year while calling on other nations to take their share.' };
    const background = { ...supporting[0]!, title: 'EU ministers agree to relocate asylum seekers', text: 'European Union ministers agree on a plan to relocate 120,000 asylum seekers across member states, Germany included.' };
    const a = builtinCompose({ topic: { name: 'European migrant crisis' }, main: one, supporting: [background], novelFacts: [one.summary], knownFacts: [], phaseChange: null, language: 'en' });
    expect(a.introduction).toBe(`${one.summary} [1]`);
    expect(a.bullet_points).toEqual([`${one.summary} [1]`]);
    expect(a.sections.map((x) => x.heading)).toEqual(['Background']);
    // Nothing comes next in it and it is the story's first report: no takeaway rather than the lead again.
    expect(a.actionable_takeaway).toBe('');
  });

  it('has no section for a one-sentence source rather than quoting its sentence a second time or saying what the source is', () => {
    const notice = { ...main, title: 'FOMC statement', publisher: 'Board of Governors of the Federal Reserve System', date: '1996-01-31T00:00:00.000Z', text: 'In taking the discount action, the Board approved requests submitted by the Boards of Directors of six Federal Reserve Banks.', summary: 'In taking the discount action, the Board approved requests submitted by the Boards of Directors of six Federal Reserve Banks.' };
    const a = builtinCompose({ topic: { name: 'Federal Reserve monetary policy' }, main: notice, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' });
    expect(a.bullet_points).toEqual([`${notice.summary} [1]`]);
    expect(a.sections).toEqual([]);
    expect(articleFaults(a)).toEqual([]);
  });

  it('does not make a point of the title the reader has (an abstract that opens with its paper\'s full title)', () => {
    const title = 'Widget Nets: A Rigorous Theory of Widget Networks for Robust Widget Detection';
    const paper = { ...main, title, publisher: 'arXiv', text: `${title}. Widget networks encode widgets as nodes and their links as edges. We prove that widget dropout acts as a penalty on curvature. A study of 30 seeds confirms the predicted gap of 0.01 between training and test.` };
    const a = builtinCompose({ topic: { name: 'Widget networks' }, main: paper, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' });
    expect([a.introduction, ...a.bullet_points].join(' ')).not.toContain('Rigorous Theory');
    // Nor when the novelty stage lists it among the new facts.
    const told = builtinCompose({ topic: { name: 'Widget networks' }, main: paper, supporting: [], novelFacts: [title, 'We prove that widget dropout acts as a penalty on curvature.'], knownFacts: [], phaseChange: null, language: 'en' });
    expect([told.introduction, ...told.bullet_points].join(' ')).not.toContain('Rigorous Theory');
  });

  it('tells a reader no date for a document that gives none (a replayed record), not the time it arrived', () => {
    const notice = { ...main, title: 'FOMC statement', publisher: 'Board of Governors of the Federal Reserve System', date: '2026-11-29T08:00:00.000Z', published: null, text: 'In taking the discount action, the Board approved requests submitted by the Boards of Directors of six Federal Reserve Banks.', summary: 'In taking the discount action, the Board approved requests submitted by the Boards of Directors of six Federal Reserve Banks.' };
    const background = { ...supporting[0]!, date: '2026-11-28T08:00:00.000Z', published: null };
    const a = builtinCompose({ topic: { name: 'Federal Reserve monetary policy' }, main: notice, supporting: [background], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' });
    expect(JSON.stringify(a)).not.toMatch(/Nov 2[89], 2026/);
    const dated = builtinCompose({ topic: { name: 'Federal Reserve monetary policy' }, main: { ...notice, published: '1996-01-31T00:00:00.000Z' }, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' });
    expect(JSON.stringify(dated)).toContain('Jan 31, 1996');
  });

  it('does not retell the points of a short document when there is a background to show', () => {
    const short = { ...main, text: 'Volkswagen said 11 million vehicles carry cheating software. The company set aside $7.3 billion to cover the costs. Its shares fell 20 percent in Frankfurt.' };
    const a = builtinCompose({ topic: { name: 'Automotive emissions' }, main: short, supporting, novelFacts: ['The company set aside $7.3 billion to cover the costs.', 'Its shares fell 20 percent in Frankfurt.'], knownFacts: [], phaseChange: null, language: 'en' });
    expect(a.bullet_points).toEqual(['The company set aside $7.3 billion to cover the costs. [1]', 'Its shares fell 20 percent in Frankfurt. [1]']);
    expect(a.sections.map((x) => x.heading)).toEqual(['Background']);
  });

  it('does not make the introduction a point when it is also a new fact', () => {
    const a = builtinCompose({ topic: { name: 'Automotive emissions' }, main, supporting, novelFacts: [main.summary, 'The company set aside $7.3 billion to cover the costs.'], knownFacts: [], phaseChange: null, language: 'en' });
    expect(a.introduction).toBe(`${main.summary} [1]`);
    expect(a.bullet_points[0]).toBe('The company set aside $7.3 billion to cover the costs. [1]');
    expect(a.bullet_points.map((p) => p.replace(/ \[\d+\]$/, ''))).not.toContain(main.summary);
  });

  it("leads the points with the new facts and says nothing about the article or what earlier reports said (no 'What's new' section)", () => {
    const a = builtinCompose({ topic: { name: 'Automotive emissions' }, main, supporting, novelFacts: ['The company set aside $7.3 billion to cover the costs.'], knownFacts: ['Volkswagen cheated emissions tests.'], phaseChange: null, language: 'en' });
    expect(a.bullet_points[0]).toBe('The company set aside $7.3 billion to cover the costs. [1]');
    expect(a.sections.map((x) => x.heading)).not.toContain("What's new");
    expect(JSON.stringify(a)).not.toMatch(/points? above|Already reported|Volkswagen cheated/);
  });

  it("takes what a first report's document says its findings mean, found or expects for the takeaway, out of the points", () => {
    const paper = {
      ...main,
      title: 'Sparse routing lowers the inference cost of language models',
      text:
        'We study sparse mixture-of-experts routing for transformer language models. ' +
        'Our router activates two of sixty-four experts per token and cuts inference cost by 38 percent at equal perplexity. ' +
        'Across three benchmarks we find that the gains hold from 1 billion to 13 billion parameters. ' +
        'Ablations attribute most of the saving to load balancing across experts.',
      summary: 'A sparse router cuts the inference cost of transformer language models by 38 percent at equal perplexity.',
      publisher: 'arXiv',
    };
    const finds = 'Across three benchmarks we find that the gains hold from 1 billion to 13 billion parameters.';
    // The novelty stage lists it among the new facts of a first report too: it is still no point.
    const first = builtinCompose({ topic: { name: 'Efficient language models' }, main: paper, supporting: [], novelFacts: [finds], knownFacts: [], phaseChange: null, language: 'en' });
    expect(first.actionable_takeaway).toBe(`What it finds: ${finds} [1]`);
    expect([first.introduction, ...first.bullet_points, ...first.sections.map((x) => x.content)].join(' ')).not.toContain(finds);
    // A later report of a story says what it adds instead, and the finding stays a point.
    const later = builtinCompose({ topic: { name: 'Efficient language models' }, main: paper, supporting: [], novelFacts: [], knownFacts: ['An earlier router cut cost by 20 percent.'], phaseChange: null, language: 'en' });
    expect(later.actionable_takeaway).not.toMatch(/^What it finds/);
  });

  it('leads a document whose title only names its kind with the decision it reports, as its title does', () => {
    const statement = {
      ...main,
      title: 'WBB statement',
      text:
        'Signs that weakness in widget demand is abating and activity is beginning to firm have become more prevalent across the widget economy. ' +
        'The Widget Board of Bland decided today to keep its target for the widget rate unchanged at 1-3/4 percent. ' +
        'The degree of any strength in widget spending is still uncertain.',
      summary: 'Signs that weakness in widget demand is abating and activity is beginning to firm have become more prevalent across the widget economy.',
      publisher: 'Widget Board',
      date: '2099-01-30T00:00:00.000Z',
    };
    const a = builtinCompose({ topic: { name: 'Widget rates' }, main: statement, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' });
    expect(a.introduction).toBe('The Widget Board of Bland decided today to keep its target for the widget rate unchanged at 1-3/4 percent. [1]');
    expect(a.title).toMatch(/keeps its target for the widget rate unchanged at 1-3\/4 percent$/);
    // A title that says what happened keeps the summary's lead.
    const titled = builtinCompose({ topic: { name: 'Widget rates' }, main: { ...statement, title: 'Widget demand firms across the widget economy' }, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' });
    expect(titled.introduction).toBe(`${statement.summary} [1]`);
  });

  it('quotes a sentence that opens pointing back ("To mitigate this ambiguity, ...") right after the sentence it points to, or not at all', () => {
    const sentences = [
      'Estimating widget pose from a single image remains hard for robots.',
      'A new benchmark of ten thousand widget images accompanies the method.',
      'Budgets for widget labs shrank sharply in March this year.',
      'To mitigate this ambiguity, we propose HAFWid, a hybrid prior framework that fuses depth and normal priors for widget pose.',
      'HAFWid fuses depth and normal priors with adaptive weights for each widget part.',
      'HAFWid lowers widget pose error on three public widget datasets.',
    ];
    const paper = { ...main, title: 'Widget pose estimation from a single image', text: sentences.join(' '), summary: sentences[0]!, publisher: 'arXiv' };
    const a = builtinCompose({ topic: { name: 'Widget pose' }, main: paper, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' });
    const points = a.bullet_points.map((p) => p.replace(/ \[\d+\]$/, ''));
    const at = points.indexOf(sentences[3]!);
    expect(at).toBeGreaterThan(0);
    expect(points[at - 1]).toBe(sentences[2]);
  });

  it('says each sentence once: the introduction is not a point, the points are not retold, a source quoted twice is quoted once', () => {
    const long = {
      ...main,
      text: `${main.text} Regulators in Germany opened an inquiry on Wednesday. The United States Environmental Protection Agency said the cars emit up to 40 times the legal limit. Dealers stopped selling the affected diesel models.`,
      summary: 'Volkswagen said on Tuesday that 11 million vehicles worldwide carry software that cheats diesel emissions tests.',
    };
    const twice = { ...supporting[0]!, summary: supporting[0]!.text };
    const a = builtinCompose({ topic: { name: 'Automotive emissions' }, main: long, supporting: [twice], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' });
    const bare = (t: string) => t.replace(/\s*\[\d+\]/g, '').trim();
    const introduction = bare(a.introduction);
    const points = a.bullet_points.map(bare);
    const happened = a.sections.find((x) => x.heading === 'What happened')!.content;
    expect(points).not.toContain(introduction);
    expect(happened).not.toContain(introduction);
    for (const point of points) expect(happened).not.toContain(point);
    const background = a.sections.find((x) => x.heading === 'Background')!.content;
    expect(background.split('defeat devices').length).toBe(2);
  });

});

describe('key metrics: facts read by the grammar of their clause (subject, measure, value and unit, date)', () => {
  const row = (sentence: string, title?: string) => keyMetrics([{ sentence, source: 1, date: '2020-01-02T10:00:00Z', main: true, title }]).map((r) => r.slice(0, 4).join(' | '));
  it.each<[string, string[]]>([
    // Subject, verb, the verb's object as the measure, the figure.
    ['Widget Co reported revenue of $81.8 billion for the quarter.', ['revenue | 81.8 | $ billion | Widget Co']],
    ['The Acme Exchange currently assesses a Widget Transaction Fee of $0.20 per contract.', ['Widget Transaction Fee | 0.20 | $ | Acme Exchange']],
    // The measure after the figure; a lead-in before a comma is no part of the subject.
    ['On the Widget benchmark, WidgetNet reaches 71.2% accuracy, improving over the baseline.', ['accuracy | 71.2 | % | WidgetNet']],
    ['The Board approved a 25 basis point increase in the discount rate to 5-1/2 percent.', ['increase in the discount rate | 25 | basis point | Board', 'discount rate | 5.5 | percent | Board']],
    // A change and its new level.
    ['The Widget Committee decided to raise its target for the policy rate by 25 basis points to 5-1/4 percent.', ['target for the policy rate change | 25 | basis points | Widget Committee', 'target for the policy rate | 5.25 | percent | Widget Committee']],
    // The subject is what changed: its head the measure, its name the entity.
    ["Acme's shares fell 20 percent in Frankfurt.", ['shares | 20 | percent | Acme']],
    // A count counts its noun; a reported clause's figure belongs to the reporter.
    ['Acme said on Tuesday that 11 million vehicles worldwide carry the software.', ['vehicles worldwide | 11 | million | Acme']],
    // A pronoun stands for the name the document's title gives.
    ['We achieve a 99% reduction in token usage.', ['reduction in token usage | 99 | % | WidgetNet']],
    // No fact: a modal (a rule, not a measurement), no subject, a pronoun no title names, no measure.
    ['In making arrangements, the Widget Bank shall not maintain a net position in a single currency exceeding $150 million.', []],
    ['Around 15 percent of the size of the fund is held in cash.', []],
    ['Its shares fell 20 percent.', []],
    ['The company set aside $7.3 billion to cover the costs.', []],
    ['It rose, from there, to around 4 percent.', []],
    ['In 2015 the plant opened.', []],
    // The old level of a change is no row of its own.
    ['The Widget Board approved increasing the discount rate at those banks from 5-1/2 percent to 6 percent.', ['discount rate at those banks | 6 | percent | Widget Board']],
  ])('%s', (sentence, expected) => expect(row(sentence, sentence.startsWith('We ') || sentence.startsWith('Its') ? (sentence.startsWith('We ') ? 'WidgetNet: A Network' : 'Widget study') : undefined)).toEqual(expected));

  it('keeps one row for a figure said twice of the same measure, and gives each row the date of its document', () => {
    const rows = keyMetrics([
      { sentence: 'The Widget Committee set its intended level of the policy rate at 5-1/2 percent.', source: 1, date: '1997-07-02', main: true },
      { sentence: 'The Widget Committee kept its intended level of the policy rate at 5-1/2 percent.', source: 2, date: '1997-08-19', main: false },
      { sentence: 'The Widget Office said that the unemployment rate of Widgetland was 5.5 percent.', source: 2, date: '1997-08-19', main: false },
    ]);
    expect(rows.map((r) => `${r[0]}: ${r[1]} (${r[3]}, ${r[4]}, ${r[5]})`)).toEqual(['intended level of the policy rate: 5.5 (Widget Committee, 1997-07-02, high)', 'unemployment rate: 5.5 (Widgetland, 1997-08-19, medium)']);
  });
});

describe('article titles', () => {
  it('keep a title that says what happened, and make one that only names a kind of document distinct by its date and lead', () => {
    expect(articleTitle('Volkswagen admits 11 million cars carry emissions cheating software', '2015-09-22T10:00:00Z', 'Anything.')).toBe('Volkswagen admits 11 million cars carry emissions cheating software');
    const a = articleTitle('FOMC statement', '1995-02-01T00:00:00Z', 'The Federal Open Market Committee decided today to raise its target for the federal funds rate by 50 basis points to 6 percent. [1]');
    const b = articleTitle('FOMC statement', '1996-01-31T00:00:00Z', 'The Federal Reserve today announced a reduction in the discount rate from 5-1/4 percent to 5 percent.');
    // What happened, made short: "today" left out, the name the title abbreviates written as its
    // abbreviation, the decision said as the act ("decided to raise" -> "raises").
    expect(a).toBe('FOMC statement, Feb 1, 1995: FOMC raises its target for the federal funds rate by 50 basis points to 6 percent');
    expect(a.length).toBeLessThanOrEqual(120);
    expect(articleTitle('FOMC statement', '2006-08-08T00:00:00Z', 'The Federal Open Market Committee decided today to keep its target for the federal funds rate at 5-1/4 percent. [1]')).toBe(
      'FOMC statement, Aug 8, 2006: FOMC keeps its target for the federal funds rate at 5-1/4 percent',
    );
    // Too long with the kind of document in front: the date alone leads, and the headline stays whole.
    expect(b).toBe('Jan 31, 1996: The Federal Reserve announced a reduction in the discount rate from 5-1/4 percent to 5 percent');
    expect(a).not.toBe(b);
    // A lead that repeats the title adds only the date; a long own title that says what happened stays whole.
    expect(articleTitle('Apple Inc. files Form 4', '2023-08-08T00:00:00Z', 'Apple Inc. files Form 4.')).toBe('Apple Inc. files Form 4, Aug 8, 2023');
    const long = 'Banking regulators finalise the capital rule for large banks, phase in the leverage buffer over three years and exempt community lenders';
    expect(articleTitle(long, '2023-08-08T00:00:00Z', undefined)).toBe(long);
  });

  // Titles are whole: never a string cut with "...", whatever the source sent.
  it.each([
    ['a long own title that says what happened', 'Regulators finalise the capital rule for large banks, phase in the leverage buffer over three years and exempt community lenders', undefined, 'Regulators finalise the capital rule for large banks, phase in the leverage buffer over three years and exempt community lenders'],
    ['a long notice title: its leading clauses', 'Agency Information Collection Activities; Proposed eCollection, eComments Requested; Reporting and Recordkeeping for Digital Certificates Issued to Registered Brokers and Dealers; Extension', undefined, 'Reporting and Recordkeeping for Digital Certificates Issued to Registered Brokers and Dealers; Extension'],
    ['a title the source cut: the headline of the lead', 'Harbour authority raises mooring fees for ferries and...', 'The harbour authority raised mooring fees for ferries and fishing boats by ten percent. [1]', 'The harbour authority raised mooring fees for ferries and fishing boats by ten percent'],
    ['a cut title without a lead: what is left, without the ellipsis', 'Harbour authority raises mooring fees for ferries and…', undefined, 'Harbour authority raises mooring fees for ferries and'],
    ['a kind of document with a long lead: the date and the whole headline', 'FOMC statement', 'The Federal Open Market Committee decided today to lower its target for the federal funds rate by 25 basis points to 4-3/4 percent and the discount rate to 4-1/4 percent. [1]', 'Oct 2, 2001: FOMC lowers its target for the federal funds rate by 25 basis points to 4-3/4 percent and the discount rate to 4-1/4 percent'],
  ])('whole title: %s', (_, title, lead, expected) => {
    const made = articleTitle(title, '2001-10-02T00:00:00Z', lead);
    expect(made).toBe(expected);
    expect(made).not.toMatch(/(?:\.\.\.|…)$/);
  });

  it.each([
    ['FOMC statement', true],
    ['FOMC 1999 meeting schedule', true],
    ['Sunshine Act Meeting Notice', true],
    ['Proposed Collection; Comment Request', true],
    ['Apple Inc. files Form 4', true],
    ['Statement', true],
    ['Relational Structural Causal Models', false],
    ['Paraspinal Muscle Remodeling', false],
    ['Japan to reduce aid to China', false],
    ['Fed raises rates', false],
    ['Banks must publish their capital plans before the annual stress test report', false],
  ])('"%s" names only a kind of document: %s', (title, expected) => expect(namesAKindOfDocument(title)).toBe(expected));

  it('keep a short title that names a subject, as a scientist or a reporter wrote it', () => {
    const lead = 'An artificial intelligence must have a model of its environment. [1]';
    expect(articleTitle('Relational Structural Causal Models', '2026-06-16T00:00:00Z', lead)).toBe('Relational Structural Causal Models');
    expect(articleTitle('Japan to reduce aid to China', '2004-11-28T00:00:00Z', 'Japanese aid to mainland China will total $8.9bn this year. [1]')).toBe('Japan to reduce aid to China');
  });

  it('make a title cut at an abbreviation, or a whole sentence, a headline', () => {
    const lead = 'The center-left opposition, led by Aksel V. Johannesen, wins the elections on the Faroe Islands; the new government is expected to pass legislation allowing same-sex unions. [1]';
    expect(articleTitle('The center-left opposition, led by Aksel V.', '2015-09-01T00:00:00Z', lead)).toBe('The center-left opposition wins the elections on the Faroe Islands');
    expect(articleTitle('U.S.', '2015-09-04T00:00:00Z', 'U.S. Military Academy officials confirm that 30 cadets were injured in a pillow fight. [1]')).toBe('U.S. Military Academy officials confirm that 30 cadets were injured in a pillow fight');
    expect(articleTitle('Clashes in and around Tajikistan\'s capital Dushanbe kill at least 17 people.', '2015-09-04T00:00:00Z', 'Anything. [1]')).toBe("Clashes in and around Tajikistan's capital Dushanbe kill at least 17 people");
    // A full stop that ends an abbreviation stays.
    expect(articleTitle('General Mills sells subsidiary Green Giant to B&G Foods Inc.', '2015-09-08T00:00:00Z', 'Anything else entirely. [1]')).toBe('General Mills sells subsidiary Green Giant to B&G Foods Inc.');
  });

  it('lead a title the reader already has with the date, the title whole', () => {
    const long = 'FOMC statement and Board approval of discount rate requests of the Federal Reserve Banks of Boston, New York, Philadelphia, Cleveland';
    const a = distinctTitle(long, '2001-08-21T00:00:00Z');
    expect(a).toBe(`Aug 21, 2001: ${long}`);
    expect(distinctTitle(a, '2001-08-21T00:00:00Z')).toBe(a);
    expect(distinctTitle('FOMC statement, Feb 1, 1995: The Committee decided', '1995-02-01T00:00:00Z')).toBe('FOMC statement, Feb 1, 1995: The Committee decided');
  });
});

describe('sharesSubject (what may be background)', () => {
  const vienna = 'Approximately 6,500 migrants arrive in Vienna. Following Austria\'s and Germany\'s decision to waive their asylum rules, approximately 6,500 migrants – mostly from Syria, Iraq, and Afghanistan – arrive in Vienna.';
  it.each([
    ['a place alone', 'The United Nations confirms the Islamic State has destroyed the Temple of Bel in Palmyra, Syria.', false],
    // Two places and a common word are not three shared words (it was Background to the arrivals in Vienna).
    ['two places and a common word', 'The United Nations confirms the Islamic State of Iraq and the Levant has completely destroyed the Temple of Bel in Palmyra, Syria, after earlier reports that the structure was mostly intact.', false],
    ['a report of the same movement', 'The first group, 450 of an expected 10,000 migrants, arrive in Munich, Germany, after traveling through Hungary and Austria.', true],
    ['another place that shares nothing else', 'The United Kingdom House of Commons passes a planned referendum on membership in the European Union.', false],
  ])('%s', (_, sentence, expected) => expect(sharesSubject(sentence, vienna, 'European migrant crisis')).toBe(expected));

  // The topic's key entities are named by all of its documents, as its name's words are.
  const decision = 'FOMC statement The Federal Open Market Committee decided today to keep its target for the federal funds rate at 5-1/4 percent.';
  const fed = ['Federal Reserve', 'Federal Open Market Committee', 'FOMC', 'Board of Governors'];
  it.each([
    ['a meeting schedule of years before', 'The Federal Open Market Committee has released the following schedule for its meetings in 1999: The FOMC is composed of the seven members of the Board of Governors.', false],
    ['the selection of a manager of the open market account', 'By unanimous vote, Peter R. Fisher was selected to serve at the pleasure of the Committee as Manager, System Open Market Account.', false],
    ['an earlier decision on the same rate', 'The Federal Open Market Committee decided to keep its target for the federal funds rate at 1 percent.', true],
  ])('under a topic with key entities: %s', (_, sentence, expected) => expect(sharesSubject(sentence, decision, 'Federal Reserve monetary policy', fed)).toBe(expected));

  // Two trials of one condition share what kind of study they are, not what they study.
  const ube = 'Assessment of Unilateral Biportal Endoscopy Technique Applied to Treatment of Degenerative Lumbar Pathologies. Lumbar disc herniation (HDL) is one of the main causes for low back pain and sciatica.';
  it.each([
    ['a trial of another treatment of the condition', 'This clinical trial is designed to evaluate the efficacy and safety of thread-embedding acupuncture for treatment of lumbar herniated intervertebral disc (L-HIVD) by assessing pain, function, and quality of life.', false],
    ['a study of the same technique', 'Unilateral biportal endoscopy shortened the hospital stay of patients with degenerative lumbar stenosis.', true],
  ])('between two trials: %s', (_, sentence, expected) => expect(sharesSubject(sentence, ube, 'Clinical trials for lumbar disc herniation and sciatica')).toBe(expected));
});

describe('headlines of one-line items (a title that is its sentence cut short)', () => {
  it.each([
    [
      "Following Austria's and Germany's decision to waive their asylum system rules, approximately 6,500 migrants – mostly from Syria, Iraq, and Afghanistan –...",
      "Following Austria's and Germany's decision to waive their asylum system rules, approximately 6,500 migrants – mostly from Syria, Iraq, and Afghanistan – arrive in Vienna. [1]",
      'Approximately 6,500 migrants arrive in Vienna',
    ],
    [
      "Hundreds of people, tired of waiting for promised transportation, broke out from Hungary's first migrant holding center near the Serbian border, past police...",
      "Hundreds of people, tired of waiting for promised transportation, broke out from Hungary's first migrant holding center near the Serbian border, past police overwhelmed by their numbers, to start the march north toward Budapest. [1]",
      "Hundreds of people broke out from Hungary's first migrant holding center near the Serbian border",
    ],
  ])('%s', (title, lead, headline) => expect(articleTitle(title, '2015-09-05T00:00:00Z', lead)).toBe(headline));

  it('drops a purpose at the end, not a verb\'s object', () => {
    expect(headlineOf('Authorities in Hungary close the Budapest Keleti railway station to prevent hundreds of migrants from boarding trains to other European capitals.')).toBe('Authorities in Hungary close the Budapest Keleti railway station');
    expect(headlineOf('Ministers of the four Visegrad countries and Germany agree to discuss their differences over the mandatory migrant quotas next week in Prague.')).toBe('Ministers of the four Visegrad countries and Germany agree to discuss their differences over the mandatory migrant quotas next week in Prague');
  });

  it('leaves a short sentence and a title that is no cut sentence as they are', () => {
    expect(headlineOf('Germany closes its border with Austria.')).toBe('Germany closes its border with Austria');
    expect(headlineOf('Protests are due by 5:00 p.m.')).toBe('Protests are due by 5:00 p.m.');
    expect(articleTitle('GridVQA-X: A Framework for Evaluating Multimodal Explainability Methods', '2026-06-16T00:00:00Z', 'With the increasing development of models, it becomes imperative. [1]')).toBe('GridVQA-X: A Framework for Evaluating Multimodal Explainability Methods');
  });
});

describe("repairArticle (a model's article held to the built-in rules)", () => {
  const input = { topic: { name: 'Automotive emissions' }, main, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' };
  const reference = { number: 1, title: main.title, source: 'Wire', date: '2015-09-22', document_id: 10 };
  const article = {
    title: 'Press release',
    superhead: 'Emissions',
    introduction: 'Volkswagen is in trouble.',
    bullet_points: ['Shares fell.', 'See [7].'],
    sections: [{ heading: 'Detail', content: 'Nobody knows more.' }],
    references: [reference],
    actionable_takeaway: 'Check whether this affects your work on emissions.',
    data_table: { columns: ['Metric', 'Value', 'Unit'], rows: [['cars', '11', 'million'], ['', '7.3', 'billion']] },
    disclosure: 'Written by a model.',
    language: 'en',
  };

  it('puts the cited lead of the main document in place of an uncited introduction, and it stands for points that are left out; uncited sections go', () => {
    const { output, repairs } = repairArticle(article, input);
    expect(output.introduction).toBe('Volkswagen said 11 million vehicles carry software that cheats emissions tests. [1]');
    expect(output.bullet_points).toEqual([output.introduction]);
    expect(output.sections).toEqual([]);
    expect(output.title).toMatch(/^Press release, Sep(?:tember|\.)? 22, 2015: /);
    expect(output.data_table.rows).toEqual([['cars', '11', 'million']]);
    expect(output.actionable_takeaway).toBe('');
    expect(repairs).toHaveLength(6);
  });
});
