import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluateSplit, inPublishedOrder, readStream } from './evaluate.js';
import { createStoryTracker, type StoryDoc, type TrackerState } from './stories.js';
import { contentWords, extractEntities, slugText } from './text-features.js';

const day = (n: number) => new Date(Date.UTC(2015, 8, 1) + n * 86_400_000);
const doc = (id: string, text: string, n: number): StoryDoc => ({ id, title: text.split('. ')[0]!, text, publishedAt: day(n) });

/** A little background so IDF means something: unrelated items the stream saw before. */
const background = [
  doc('bg1', 'A magnitude 6 earthquake strikes off the coast of Chile, with no damage reported.', 0),
  doc('bg2', 'The central bank of Brazil raises its benchmark interest rate to 14 percent.', 0),
  doc('bg3', 'Scientists in Australia describe a new species of frog in Queensland.', 0),
  doc('bg4', 'Voters in Poland go to the polls in a referendum on electoral reform.', 0),
];

const cases: { name: string; docs: StoryDoc[]; sameStory: boolean }[] = [
  {
    name: 'two reports of one happening join a story',
    docs: [
      doc('a1', 'Volkswagen admits it installed software to cheat diesel emissions tests in the United States.', 1),
      doc('a2', 'Volkswagen chief executive Martin Winterkorn resigns over the diesel emissions cheating scandal.', 2),
    ],
    sameStory: true,
  },
  {
    name: 'an unrelated item starts a new story',
    docs: [
      doc('b1', 'Volkswagen admits it installed software to cheat diesel emissions tests in the United States.', 1),
      doc('b2', 'Typhoon Dujuan makes landfall in Taiwan, forcing thousands of residents to evacuate.', 2),
    ],
    sameStory: false,
  },
  {
    // The gazetteer: "Hungarian" and "Budapest" both name Hungary.
    name: 'a report naming a country by its adjective joins a story that names its capital',
    docs: [
      doc('d1', 'Hungary closes its main railway station in Budapest to migrants.', 1),
      doc('d2', 'Thousands of Hungarian police officers are deployed at the Serbian frontier as migrants arrive.', 2),
    ],
    sameStory: true,
  },
  {
    // Design: a story no one reported for coldAfterDays (10) is closed; a report a month later about
    // the same company is a new story (a follow-up the reader should see as new).
    name: 'an item 30 days later about the same entity starts a new story',
    docs: [
      doc('c1', 'Volkswagen admits it installed software to cheat diesel emissions tests in the United States.', 1),
      doc('c2', 'Volkswagen recalls diesel cars in Europe to fix the emissions cheating software.', 31),
    ],
    sameStory: false,
  },
];

describe('story tracker', () => {
  it.each(cases)('$name', ({ docs, sameStory }) => {
    const tracker = createStoryTracker();
    for (const b of background) tracker.assign(b);
    const [first, second] = docs.map((d) => tracker.assign(d));
    expect(first!.isNew).toBe(true);
    expect(second!.isNew).toBe(!sameStory);
    expect(second!.storyId === first!.storyId).toBe(sameStory);
    if (sameStory) expect(second!.matchedEventId).toBe(docs[0]!.id);
  });

  it('is deterministic, and its state is plain data that resumes where it stopped', () => {
    const all = [...background, ...cases.flatMap((c) => c.docs)].sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
    const run = (docs: StoryDoc[], tracker = createStoryTracker()) => docs.map((d) => tracker.assign(d));
    expect(run(all)).toEqual(run(all));

    const first = createStoryTracker();
    run(all.slice(0, 5), first);
    const state = JSON.parse(first.serialised()) as TrackerState;
    expect(state.stories.length).toBeGreaterThan(0);
    const resumed = run(all.slice(5), createStoryTracker({ state }));
    expect(resumed).toEqual(run(all).slice(5));
  });

  it('scores reports of one country and kind of happening closer than their shared words alone would', () => {
    const pairs = [
      ['Government airstrikes kill at least 20 people in a market in Aleppo.', 'A car bomb kills nine Syrian soldiers at a checkpoint in Damascus.'],
      ['Houthi rebels shell the port city of Aden, killing 12 civilians.', 'A Saudi-led airstrike kills 20 people at a wedding in Yemen.'],
    ];
    for (const [a, b] of pairs) {
      const similarity = (options: Parameters<typeof createStoryTracker>[0]) => {
        const tracker = createStoryTracker(options);
        for (const d of background) tracker.assign(d);
        tracker.assign(doc('p1', a!, 1));
        return tracker.assign(doc('p2', b!, 2)).similarity;
      };
      expect(similarity({})).toBeGreaterThan(1.5 * similarity({ kindWeight: 0 }));
    }
  });

  it('reads a demonym as its place, stemmed as the place is', () => {
    // Snowball stems "Hungary" to "hungari": the demonym's country must be stemmed the same way.
    expect(contentWords('Hungarian police')[0]).toBe(contentWords('Hungary')[0]);
    expect(contentWords('Ukrainian troops')[0]).toBe(contentWords('Ukraine')[0]);
    expect(contentWords('Syrian army')[0]).toBe(contentWords('Syria')[0]);
  });

  it('gives stable story ids derived from the first report', () => {
    const tracker = createStoryTracker();
    expect(tracker.assign(cases[0]!.docs[0]!).storyId).toBe('story-a1');
  });
});

describe('story tracker on the Wikipedia Current Events dev set (fixtures/eval)', () => {
  it('keeps B-cubed and first-story F1 above the floor on the held-out half', () => {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures/eval/wcep_2015-09.jsonl');
    const docs = readStream(file);
    const split = evaluateSplit(docs)!;
    expect(split.whole.bcubed.items).toBe(242);
    expect(split.halves[1].bcubed.items).toBe(134);
    // The defaults were tuned on the first half (to 15 September); the floors sit a little below
    // what they reach on the second, held out: B-cubed F1 0.829, first-story F1 0.595 (the first
    // half 0.829 / 0.797, the whole month 0.795 / 0.715). ADR 005 has the method and the figures.
    expect(split.halves[1].bcubed.f1).toBeGreaterThan(0.81);
    expect(split.halves[1].firstStory.f1).toBeGreaterThan(0.57);
  }, 30_000);
});

describe('a tracker kept in memory between batches (the pipeline)', () => {
  it('assigns as one read back from its state after each batch, closed stories dropped', () => {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures/eval/wcep_2015-09.jsonl');
    const docs = inPublishedOrder(readStream(file)).map((d): StoryDoc => ({ id: d.docId, title: d.title, text: d.text, publishedAt: d.published!, entityKeys: extractEntities(d.title, d.text) }));
    const kept = createStoryTracker();
    let read = createStoryTracker();
    docs.forEach((d, i) => {
      if (i > 0 && i % 50 === 0) {
        kept.serialised();
        read = createStoryTracker({ state: JSON.parse(read.serialised()) as TrackerState });
      }
      // A story opened after closed ones were dropped ranks after every story still open (it once
      // took the rank a dropped story freed, and lost ties to a younger one).
      expect(kept.assign(d)).toEqual(read.assign(d));
    });
    expect(kept.serialised()).toBe(read.serialised());
  }, 30_000);
});

describe('story tracker on the headline-only dev set (fixtures/eval)', () => {
  it('holds running stories together from their headlines alone, on the held-out half', () => {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures/eval/headlines_uci_2014_03_em.jsonl');
    const split = evaluateSplit(readStream(file))!;
    expect(split.halves[1].bcubed.items).toBe(1136);
    // Tuned on the first half (to 11 March 10:49 UTC, 11 stories); held out, the second (14
    // stories, 13 of them new) gives B-cubed F1 0.945 and first-story F1 0.360 (9 of its 13 first
    // reports found): the floors sit a little below. The first half gives 0.939 / 0.462, the whole
    // set 0.923 / 0.404. Without the addresses' slugs the held-out half gives 0.894 / 0.367, with
    // one bar for every length (no shortText*) 0.914 / 0.225.
    expect(split.halves[1].bcubed.f1).toBeGreaterThan(0.93);
    expect(split.halves[1].firstStory.f1).toBeGreaterThan(0.33);
  }, 60_000);

  it("reads an address's slug as words of the headline, and nothing else of the address", () => {
    expect(slugText('http://www.wltx.com/story/news/nation/2014/03/10/george-zimmerman-life-trayvon-gun/6275113/')).toBe('george zimmerman life trayvon gun');
    expect(slugText('http://www.pennlive.com/midstate/index.ssf/2014/03/police_stumble_on_teens_buryin.html')).toBe('police stumble on teens buryin');
    expect(slugText('https://en.wikipedia.org/wiki/Portal:Current_events/2015_September_1')).toBe('');
    expect(slugText('http://www.nydailynews.com/blogs/node/146951')).toBe('');
    expect(slugText('not an address')).toBe('');
    expect(slugText(undefined)).toBe('');

    // A feed item titled by its section joins its story through the words of its address.
    const tracker = createStoryTracker();
    for (const b of background) tracker.assign(b);
    const at = (n: number) => new Date(day(20).getTime() + n * 3_600_000);
    const first = tracker.assign({ id: 'z1', title: 'George Zimmerman signs autographs at Florida gun show', text: '', publishedAt: at(1) });
    tracker.assign({ id: 'z2', title: 'Zimmerman gun show draws few fans in Orlando', text: '', publishedAt: at(2) });
    const section = { id: 'z3', title: 'Monday television', text: '', publishedAt: at(3) };
    expect(createStoryTracker({ state: JSON.parse(tracker.serialised()) as TrackerState }).assign(section).isNew).toBe(true);
    const joined = tracker.assign({ ...section, url: 'http://example.com/news/2014/03/10/george-zimmerman-autographs-gun-show/' });
    expect(joined.isNew).toBe(false);
    expect(joined.storyId).toBe(first.storyId);
  });

  it("reads a title-case headline's names without its verbs", () => {
    expect(extractEntities('George Zimmerman Has an Armed Life on the Move', '')).toEqual(['george zimmerman']);
    expect(extractEntities('Bachelor Finale: Juan Pablo Makes His Decision', '')).toEqual(['juan pablo']);
    // A sentence in ordinary case is read as it is.
    expect(extractEntities('The United Nations confirms the destruction of the Temple of Bel in Palmyra, Syria.', '')).toContain('palmyra');
  });
});
