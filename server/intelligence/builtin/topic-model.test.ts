import { describe, expect, it } from 'vitest';
import { conceptOf, namesConcept } from './topic-concept.js';
import { buildTopicModel, DETECTION_BAR, documentFeatures, judgedBar, matchedWords, ownWords, sampleOf, scoreDocument, type ModelDocument } from './topic-model.js';

// A small made-up store: deals, coffee and cocoa, central banks, weather and football, written the
// way a wire writes them. No demo data: the model must read any stream.
const deals = [
  ['Pantera and Pizza agree to merge', 'Pantera Corp and Pizza Inc said they agreed to merge in a stock swap valued at 40 mln dlrs. The merger needs shareholder approval.'],
  ['Sara Lee to buy 34 pct of Dim', 'Sara Lee Corp said it will buy a 34 pct stake in Dim SA for 120 mln dlrs and may make a tender offer for the rest.'],
  ['Imtec gets merger offer', 'Imtec Inc said it received a merger offer from a group of investors at 12 dlrs a share and its board will study the bid.'],
  ['Lone Star agrees to buy concrete operations', 'Lone Star Industries said it agreed to acquire the concrete operations of Texas Cement for 50 mln dlrs in cash.'],
  ['Texon Energy in talks on acquisition', 'Texon Energy said it is in talks to acquire an oil refiner; the acquisition would be paid in stock.'],
  ['Gencorp bidder raises tender offer', 'The bidder for Gencorp raised its tender offer to 100 dlrs a share and said financing for the takeover is in place.'],
  ['Allied completes acquisition of Bendix unit', 'Allied Corp said it completed the acquisition of a Bendix unit; the deal closes the merger agreed in January.'],
  ['Chemlawn rejects takeover bid', 'Chemlawn Corp rejected a hostile takeover bid and said the tender offer for its shares undervalues the company.'],
  ['Dixons ends bid for Cyclops', 'Dixons Group said it ended its bid for Cyclops Corp after a rival offer; the stake it bought stays for sale.'],
  ['USAir to buy Piedmont stake', 'USAir Group said it will buy a stake in Piedmont Aviation and seek a merger of the two airlines.'],
];
const coffee = [
  ['Coffee prices rise on Brazil frost fears', 'Coffee futures rose as traders feared frost in Brazil would cut the coffee crop; cocoa was steady.'],
  ['Ivory Coast cocoa exports fall', 'Cocoa exports from Ivory Coast fell in February and the cocoa buffer stock manager made no purchases.'],
  ['ICO talks on coffee quotas collapse', 'Talks at the International Coffee Organization on export quotas collapsed and coffee prices fell.'],
  ['Ghana cocoa crop estimate raised', 'Ghana raised its cocoa crop estimate for the season; cocoa prices eased on the news.'],
];
const banks = [
  ['Bundesbank cuts discount rate', 'The Bundesbank cut its discount rate by half a point to 3.0 pct to ease pressure on the mark.'],
  ['Bank of Japan leaves discount rate unchanged', 'The Bank of Japan left its discount rate unchanged at 3.0 pct, the central bank said.'],
  ['Fed adds reserves via repurchase agreements', 'The Federal Reserve added temporary reserves to the banking system through repurchase agreements.'],
];
const other = [
  ['Storm floods coastal towns', 'Heavy rain flooded coastal towns and closed roads as the storm moved north.'],
  ['City win the cup final', 'City won the cup final two goals to one in front of a full stadium.'],
  ['Heat wave breaks records', 'Temperatures broke records across the region for a third day.'],
  ['New bridge opens to traffic', 'The new bridge opened to traffic after three years of works.'],
  ['Museum shows lost paintings', 'The museum opened a show of paintings lost for a century.'],
  ['Railway strike halts trains', 'A railway strike halted trains across the country for a day.'],
  ['Election turnout falls', 'Turnout in the regional election fell to its lowest level.'],
];
const rows = [...deals, ...coffee, ...banks, ...other];
const docs: ModelDocument[] = rows.map(([title, text], i) => ({ id: i + 1, title: title!, text: text! }));
// The rest of a wire, as many documents as make a store mature (a young one holds its bars higher): ten subjects in a hundred places.
const subjects = ['storm', 'election', 'strike', 'festival', 'bridge', 'court case', 'football match', 'wildfire', 'museum', 'railway'];
const filler: ModelDocument[] = subjects.flatMap((subject, i) =>
  Array.from({ length: 100 }, (_, j) => ({ id: 1000 + i * 100 + j, title: `Town${j} ${subject} draws crowds`, text: `The ${subject} in Town${j} drew large crowds on day ${i + j}, officials said, and more events follow.` })),
);
const store = sampleOf([...docs, ...filler]);
const score = (model: ReturnType<typeof buildTopicModel>, title: string, text: string) => scoreDocument(model, documentFeatures({ title, text }));
const passes = (model: ReturnType<typeof buildTopicModel>, doc: ModelDocument) => scoreDocument(model, documentFeatures(doc)) >= model.bar;

describe('topic model: a topic understood from its words and from the store', () => {
  it("reads a word's derived forms and synonyms (WordNet) beside it", () => {
    const words = ownWords({ name: 'Mergers and acquisitions' });
    // "acquisitions" brings "acquire" (its stem "acquir"), "mergers" brings "merge" ("merg").
    expect(words.has('acquir')).toBe(true);
    expect(words.has('merg')).toBe(true);
    // The name's own words weigh more than what they bring.
    expect(words.get('=acquisition')!).toBeGreaterThan(words.get('acquir')!);
    // "earnings" brings its synonyms, "net income" as a pair.
    expect(ownWords({ name: 'Corporate earnings' }).has('net_income')).toBe(true);
  });

  it("reads a word's kinds and a collocation's kinds (WordNet hyponyms), only those narrower than the word", () => {
    // "meat" brings its kinds that are rarer than itself ("pork"); "vegetable oils" (a collocation) the words its kinds put in its place ("palm" of "palm oil").
    const meat = ownWords({ name: 'Livestock and meat' });
    expect(meat.has('pork')).toBe(true);
    expect(ownWords({ name: 'Vegetable oils' }).has('palm')).toBe(true);
    // "jobs" has kinds in WordNet ("work", "trade", "place") that are commoner than it: none comes.
    const jobs = ownWords({ name: 'Jobs' });
    for (const broader of ['work', 'trade', 'place']) expect(jobs.has(broader)).toBe(false);
  });

  it("reads a word inside a collocation WordNet knows in the collocation's sense only (one sense per collocation)", () => {
    const any = () => true;
    // "gas" alone is also "gasoline" and "petrol"; in "natural gas" it is not.
    expect(ownWords({ name: 'Gas' }, any).has('gasolin')).toBe(true);
    expect(ownWords({ name: 'Natural gas' }, any).has('gasolin')).toBe(false);
    // The collocation's own synonyms come instead: "Fed" of "Federal Reserve".
    expect(ownWords({ name: 'Federal Reserve policy' }, any).has('fed')).toBe(true);
    expect(ownWords({ name: 'Federal Reserve policy' }, any).has('backlog')).toBe(false);
  });

  it('asks a name scoped to a place ("in Germany") for that place in the title or lead; a people\'s word ("Japanese") is no scope', () => {
    const lead = (title: string) => documentFeatures({ title, text: '' }).tf;
    const germany = conceptOf('Asylum seekers in Germany', 'en', () => 1, () => true);
    expect(namesConcept(germany, lead('Berlin to house more asylum seekers'))).toBe(true);
    expect(namesConcept(germany, lead('Australia to deport asylum seekers'))).toBe(false);
    expect(namesConcept(conceptOf('Japanese yen', 'en', () => 1, () => true), lead('Yen rises against the dollar'))).toBe(true);
  });

  it('names a subject and a kind of document ("Alzheimer\'s disease clinical trials") only with the subject\'s own word: "disease" and "trial" alone do not', () => {
    const lead = (title: string) => documentFeatures({ title, text: '' }).tf;
    const rarity = (f: string) => (f.startsWith('alzheim') ? 5 : 4);
    const alzheimers = conceptOf("Alzheimer's disease clinical trials", 'en', rarity, () => true);
    expect(namesConcept(alzheimers, lead('A randomized clinical trial of an assistant for rare disease diagnosis'), 0.55)).toBe(false);
    expect(namesConcept(alzheimers, lead("Lecanemab slows decline in early Alzheimer's disease"), 0.55)).toBe(true);
    expect(namesConcept(alzheimers, lead("Clinical trial of a vaccine against Alzheimer's"), 0.55)).toBe(true);
  });

  it('reads a collocation WordNet glosses without one of its words ("foreign exchange", "money supply") as one thing, said by both words in a row or its own kinds; one whose gloss uses both ("steel industry") by either word', () => {
    const lead = (title: string) => documentFeatures({ title, text: '' }).tf;
    const reserves = conceptOf('Foreign exchange reserves', 'en', () => 1, () => true);
    expect(namesConcept(reserves, lead('Spain to relax exchange controls on foreign investment'), 0.55)).toBe(false);
    expect(namesConcept(reserves, lead('Taiwan foreign exchange reserves rise'), 0.55)).toBe(true);
    const money = conceptOf('Money supply', 'en', () => 1, () => true);
    expect(namesConcept(money, lead('Fed may supply reserves in the money markets'), 0.55)).toBe(false);
    expect(namesConcept(money, lead('U.S. money supply rises'), 0.55)).toBe(true);
    expect(namesConcept(money, lead('Bundesbank says M3 grew too fast'), 0.55)).toBe(true);
    const steel = conceptOf('Steel industry', 'en', () => 1, () => true);
    expect(namesConcept(steel, lead('Krupp says 2,000 steel jobs to go'), 0.55)).toBe(false);
    expect(namesConcept(steel, lead('Krupp says 2,000 steel jobs to go'), 0.5)).toBe(true);
  });

  it('reads a territory in a name also by its members, a body of states (OPEC, NATO) by its own name only', () => {
    const lead = (title: string) => documentFeatures({ title, text: '' }).tf;
    const europe = conceptOf('Sugar market in Europe', 'en', () => 1, () => true);
    expect(namesConcept(europe, lead('Hungarian sugar market steady'))).toBe(true);
    const opec = conceptOf('Oil prices and OPEC', 'en', () => 1, () => true);
    expect(namesConcept(opec, lead('OPEC ministers meet in Vienna'))).toBe(true);
    // Saudi Arabia and the Emirates are members of OPEC; their soldiers are no news of the organisation.
    expect(namesConcept(opec, lead('Saudi and Emirati soldiers killed on the Yemeni border'))).toBe(false);
    expect(namesConcept(conceptOf('NATO summit', 'en', () => 1, () => true), lead('Norway and Canada sign a fishing accord'))).toBe(false);
  });

  it("reads a noun typed in the plural in the senses WordNet's examples write in the plural", () => {
    const any = () => true;
    // "security" is also "protection" and "peace"; "securities" are certificates ("he held several valuable securities").
    expect(ownWords({ name: 'Security' }, any).has('protect')).toBe(true);
    const securities = ownWords({ name: 'Securities regulation' }, any);
    expect(securities.has('protect')).toBe(false);
    expect(securities.has('certif')).toBe(true);
    // No example writes "prices": the word's senses stay as they are.
    expect(ownWords({ name: 'Prices' }, any)).toEqual(ownWords({ name: 'Price' }, any));
  });

  it('names a topic by a kind of its word: a report of palm oil output is about vegetable oils', () => {
    const oils = [
      ['Malaysian palm oil output falls', 'Malaysian crude palm oil output fell in February, the producers said.'],
      ['India buys palm oil', 'India bought 20,000 tonnes of palm oil for April shipment, traders said.'],
      ['Palm oil stocks rise', 'Stocks of palm oil rose in Malaysia as exports slowed.'],
      ['Vegetable oil imports steady', 'Pakistan kept its vegetable oil imports steady, buying soybean oil and palm oil.'],
      ['Oil prices fall', 'Crude oil prices fell on higher stocks.'],
      ['OPEC holds oil output', 'OPEC kept its crude oil output ceiling, ministers said.'],
    ].map(([title, text], i) => ({ id: 500 + i, title: title!, text: text! }));
    const model = buildTopicModel({ name: 'Vegetable oils' }, sampleOf([...docs, ...oils, ...filler]));
    // "palm" says "vegetable" only because the store's documents holding "oil" hold "palm oil" more than the store does.
    expect(oils.filter((d) => passes(model, d)).map((d) => d.title)).toEqual(oils.slice(0, 4).map((d) => d.title));
  });

  it('expands a topic with the words of the store documents about it (pseudo-relevance feedback)', () => {
    const model = buildTopicModel({ name: 'Mergers and acquisitions' }, store);
    expect(model.basis).toBe('store');
    // Words the topic never said but its documents do, recurring across them; a name one report carries does not.
    for (const word of ['agre', 'buy', 'stock']) expect(model.terms[word]).toBeGreaterThan(0);
    expect(model.terms.bendix).toBeUndefined();
    // The deals that say what they are pass, by the topic's words or their forms ("acquire"); nothing else does.
    const passed = docs.filter((d) => passes(model, d)).map((d) => d.title);
    for (const title of ['Pantera and Pizza agree to merge', 'Imtec gets merger offer', 'Lone Star agrees to buy concrete operations', 'Texon Energy in talks on acquisition', 'USAir to buy Piedmont stake']) expect(passed).toContain(title);
    expect(passed.filter((title) => !deals.some(([deal]) => deal === title))).toEqual([]);
    expect(matchedWords(model, documentFeatures(docs[3]!))).toContain('acquir');
  });

  it('scores mean the same across topics: the best documents score 1 on average and the bar is the same for every topic', () => {
    for (const name of ['Mergers and acquisitions', 'Coffee and cocoa markets']) {
      const model = buildTopicModel({ name }, store);
      expect(model.basis).toBe('store');
      const best = store.docs.map((d) => scoreDocument(model, d.features)).sort((a, b) => b - a).slice(0, 4);
      expect(best.reduce((a, b) => a + b, 0) / best.length).toBeGreaterThan(0.9);
      expect(model.bar).toBe(DETECTION_BAR);
    }
    // "Coffee and cocoa": a report of either is about it.
    const coffeeModel = buildTopicModel({ name: 'Coffee and cocoa markets' }, store);
    expect(docs.filter((d) => passes(coffeeModel, d)).map((d) => d.title)).toEqual(coffee.map(([title]) => title));
  });

  it('holds its bar higher in a young store: what a young model keeps back, a grown one looks at again', () => {
    const young = buildTopicModel({ name: 'Mergers and acquisitions' }, sampleOf(docs));
    const grown = buildTopicModel({ name: 'Mergers and acquisitions' }, store);
    expect(grown.bar).toBe(DETECTION_BAR);
    expect(young.bar).toBeGreaterThan(DETECTION_BAR);
    expect(young.bar).toBeLessThanOrEqual(DETECTION_BAR * 1.5);
  });

  it('names a topic in the title or lead: a report that says the name only far down is not about it', () => {
    const late = { id: 500, title: 'Steel maker reports record year', text: `${'The steel maker said demand rose and its mills ran at full capacity through the year. '.repeat(5)}It also agreed a merger with a rival, its first acquisition, and the merger closes in May.` };
    const early = { id: 501, title: 'Steel maker in merger talks', text: 'The steel maker said it is in merger talks with a rival.' };
    const model = buildTopicModel({ name: 'Mergers and acquisitions' }, store);
    expect(passes(model, early)).toBe(true);
    expect(passes(model, late)).toBe(false);
  });

  it('says when the store holds nothing about a topic, and stays generous: its own words decide', () => {
    const model = buildTopicModel({ name: 'Lithium battery recycling' }, store);
    expect(model.basis).toBe('words');
    expect(score(model, 'Plant to recycle lithium batteries opens', 'A plant that recycles lithium batteries opened.')).toBeGreaterThanOrEqual(model.bar);
    expect(model.bar).toBeLessThan(DETECTION_BAR);
    expect(score(model, 'Steel maker hires', 'A maker of steel hired staff.')).toBeLessThan(model.bar);
  });

  it('passes no document by its words that does not name the topic: "Copper prices" is not every report of prices', () => {
    const prices = [
      ['Copper prices climb on Chilean strike', 'Copper prices rose as a strike at a Chilean mine cut supply.'],
      ['Oil prices fall', 'Oil prices fell on higher stocks; prices of products followed.'],
      ['Consumer prices rise', 'Consumer prices rose 0.4 pct; food prices led.'],
      ['Coffee prices steady', 'Coffee prices were steady in quiet trade.'],
    ].map(([title, text], i) => ({ id: 300 + i, title: title!, text: text! }));
    const model = buildTopicModel({ name: 'Copper prices' }, sampleOf([...docs, ...prices, ...filler]));
    expect(prices.filter((d) => passes(model, d)).map((d) => d.title)).toEqual(['Copper prices climb on Chilean strike']);
    // "prices" is common in general news, "copper" is not: the rarer word names the topic, even in a store of thirty reports.
    expect(passes(model, { id: 400, title: 'Copper output at record', text: 'Copper output reached a record.' })).toBe(true);
  });

  it("does not read a topic's word inside a company's name as the report being about it", () => {
    const steel = [
      ['Steel output falls in February', 'Steel output fell 3 pct in February as mills cut production.'],
      ['EC ministers agree steel plant closures', 'European steel ministers agreed to close plants to cut steel capacity.'],
      ['Yugoslav steel output to rise', 'Yugoslavia plans to raise steel output to 6 mln tonnes.'],
    ].map(([title, text], i) => ({ id: 600 + i, title: title!, text: text! }));
    const model = buildTopicModel({ name: 'Steel industry' }, sampleOf([...docs, ...steel, ...filler]));
    expect(steel.every((d) => passes(model, d))).toBe(true);
    expect(passes(model, { id: 610, title: 'Investor eyes Bethlehem Steel board seat', text: 'An investor in Bethlehem Steel Corp preferred stock said he will seek a board seat.' })).toBe(false);
  });

  it('reads a place in its name as where: a report from a country in it holds the place, a report of the place alone holds nothing', () => {
    const asylum = [
      ['Hungary closes border to asylum seekers', 'Hungary closed its border with Serbia to asylum seekers and sent more police to the fence.'],
      ['Germany expects more asylum claims', 'Germany said asylum claims would rise this year and asked other states to share them.'],
      ['Asylum claims rise in Europe', 'Asylum claims in Europe rose to a record in the first half of the year.'],
      ['Canada speeds asylum hearings', 'Canada said asylum hearings would be heard faster under new rules.'],
      ['Hungary raises wheat output', 'Hungary raised its wheat output estimate after good weather in the south.'],
    ].map(([title, text], i) => ({ id: 700 + i, title: title!, text: text! }));
    const model = buildTopicModel({ name: 'Asylum policy in Europe' }, sampleOf([...docs, ...asylum, ...filler]));
    expect(asylum.filter((d) => passes(model, d)).map((d) => d.title)).toEqual(asylum.slice(0, 3).map((d) => d.title));
    expect(matchedWords(model, documentFeatures(asylum[0]!))).toContain('Hungary');
  });

  it('reads a document in its language (a French topic and a French report)', () => {
    const model = buildTopicModel({ name: 'Banque centrale européenne', language: 'fr' }, sampleOf([]));
    const french = documentFeatures({ title: 'La Banque centrale européenne relève ses taux', text: 'Les banques centrales européennes ont relevé leurs taux.', language: 'fr' });
    expect(scoreDocument(model, french)).toBeGreaterThanOrEqual(model.bar);
  });
});

describe('topic model: the reader teaches it', () => {
  // Reports about merger-arbitrage funds: they say "merger", and a reader of deal news may not want them.
  const funds: ModelDocument[] = [
    ['Arbitrage fund posts gain on merger bets', 'The fund said its merger arbitrage portfolio returned 4 pct in the quarter for its investors.'],
    ['Merger arbitrage fund raises 50 mln dlrs', 'A merger arbitrage fund raised 50 mln dlrs from investors for its portfolio.'],
    ['Hedge fund merger arbitrage returns fall', 'Returns of the hedge fund merger arbitrage portfolio fell in February, investors were told.'],
    ['Arbitrage desk trims merger portfolio', 'The arbitrage desk of the fund trimmed its merger portfolio and returned cash to investors.'],
    ['Merger arbitrage fund names manager', 'A merger arbitrage fund named a new portfolio manager; returns were flat for investors.'],
    ['Fund closes merger arbitrage portfolio', 'The fund closed its merger arbitrage portfolio to new investors after strong returns.'],
  ].map(([title, text], i) => ({ id: 100 + i, title: title!, text: text! }));
  const withFunds = sampleOf([...docs, ...funds, ...filler]);
  const dealDocs = deals.map((_, i) => docs[i]!);

  it('stops passing a kind of document after five "less like this" on it, and keeps the rest', () => {
    const before = buildTopicModel({ name: 'Mergers and acquisitions' }, withFunds);
    expect(funds.filter((d) => passes(before, d)).length).toBeGreaterThanOrEqual(5);
    const dealsBefore = dealDocs.filter((d) => passes(before, d));
    const less = funds.slice(0, 5).map((d) => ({ judgement: 'less' as const, features: documentFeatures(d) }));
    const after = buildTopicModel({ name: 'Mergers and acquisitions' }, withFunds, less);
    expect(after.judgements).toEqual({ more: 0, less: 5 });
    // The sixth report of the kind, never judged, no longer passes; the deals still do.
    expect(passes(after, funds[5]!)).toBe(false);
    expect(funds.filter((d) => passes(after, d))).toEqual([]);
    for (const deal of dealsBefore) expect(passes(after, deal)).toBe(true);
  });

  it('"more like this" brings the words of the judged document and passes its like', () => {
    const model = buildTopicModel({ name: 'Mergers and acquisitions' }, store);
    const like = { id: 200, title: 'Bank holding company to combine with rival', text: 'Two bank holding companies said they will combine in a stock swap; holders of each get new shares.' };
    expect(passes(model, like)).toBe(false);
    const more = [{ judgement: 'more' as const, features: documentFeatures({ title: 'Savings banks to combine', text: 'Two savings banks said they will combine; each holder gets new shares in a stock swap.' }) }];
    const taught = buildTopicModel({ name: 'Mergers and acquisitions' }, store, more);
    expect(taught.terms.combin).toBeGreaterThan(0);
    expect(passes(taught, like)).toBe(true);
  });

  it('"more like this" teaches words that say what and that the store says of the topic, not a number, a place or another subject', () => {
    // Deal reports that say "combine" as well as "merger": the store agrees "combine" is a word of deals.
    const combines = ['Hartmarx', 'Kaneb', 'Telex'].map((name, i) => ({ id: 300 + i, title: `${name} to combine with rival`, text: `${name} said it will combine with a rival in a merger; holders get new shares.` }));
    const tramways = ['Leeds', 'Nantes', 'Porto', 'Basel'].map((town, i) => ({ id: 400 + i, title: `${town} tramway line opens`, text: `The new tramway line in ${town} opened to riders on Sunday.` }));
    const withCombines = sampleOf([...docs, ...combines, ...tramways, ...filler]);
    const more = [{ judgement: 'more' as const, features: documentFeatures({ title: 'Canadian tramway groups to combine', text: 'Two Canadian tramway groups said they will combine; each holder gets 1.884 new shares in a stock swap.' }) }];
    const forms = buildTopicModel({ name: 'Mergers and acquisitions' }, withCombines, more).concept!.flat().flatMap((word) => word.forms);
    expect(forms).toContain('combin');
    expect(forms).not.toContain('1.884');
    expect(forms).not.toContain('canadian');
    // "tramway" is the store's word for reports of other things: the judged report's other subject.
    expect(forms).not.toContain('tramway');
    // In a store where nothing else says "combine", the one report does not teach it either.
    expect(buildTopicModel({ name: 'Mergers and acquisitions' }, store, more).concept!.flat().flatMap((word) => word.forms)).not.toContain('combin');
  });

  it('a bar where most judgements hold when the reader contradicts themselves', () => {
    // A "less" at 0.9 above a "more" at 0.7 (and a "less" at 0.58): the bar goes between 0.58 and 0.7, not above 0.9.
    expect(judgedBar(0.45, [0.7], [0.9, 0.58], [0.2, 1.2])).toBeCloseTo((0.45 + 0.64) / 2, 5);
    // Judgements the store's bar already holds leave it.
    expect(judgedBar(0.45, [0.8], [0.2], [0.2, 1.2])).toBe(0.45);
  });

  it('moves the bar by halves: towards above a "less" document, towards below a "more" one, never past the other kind', () => {
    expect(judgedBar(0.45, [], [], [0.2, 1.2])).toBe(0.45);
    // A "less" at 0.65: half way to just above it.
    expect(judgedBar(0.45, [], [0.65], [0.2, 1.2])).toBeCloseTo((0.45 + 0.65 * 1.05 + 0.01) / 2, 5);
    // A "more" at 0.3: half way to just below it.
    expect(judgedBar(0.45, [0.3], [], [0.2, 1.2])).toBeCloseTo((0.45 + 0.3 * 0.95) / 2, 5);
    // A "less" at 0.6 and a "more" at 0.9: between them.
    expect(judgedBar(0.45, [0.9], [0.6], [0.2, 1.2])).toBeCloseTo((0.45 + 0.75) / 2, 5);
    // Within the range.
    expect(judgedBar(0.45, [], [5], [0.2, 1.2])).toBe(1.2);
  });
});
