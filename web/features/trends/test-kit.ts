import type { TTopicTrends, TTrendsOverview } from '../../../contract/trends';

const day = (n: number) => new Date(Date.UTC(2026, 2, 1 + n)).toISOString();

/**
 * A topic's trends as GET /topics/{id}/trends/ answers them, for the tests: 30 days of March
 * 2026, News and Regulations, one spike on March 20 (day 19) whose explanation cites its two
 * articles, a new and a rising name, a story of three reports and an analysis citing two articles.
 */
export function makeTrends(overrides: Partial<TTopicTrends> = {}): TTopicTrends {
  const series = Array.from({ length: 30 }, (_, i) => {
    const news = i === 19 ? 9 : i % 3 === 0 ? 2 : 1;
    const regulations = i === 19 ? 3 : i % 7 === 0 ? 1 : 0;
    const by_kind: Record<string, number> = { news };
    if (regulations) by_kind.regulations = regulations;
    return { start: day(i), total: news + regulations, by_kind };
  });
  const total = series.reduce((a, b) => a + b.total, 0);
  return {
    topic: { id: 7, name: 'Federal Reserve monetary policy' },
    range: '30d',
    bucket: 'day',
    from: day(0),
    to: day(30),
    total,
    previous_total: 40,
    change: total / 40 - 1,
    by_kind: { news: series.reduce((a, b) => a + (b.by_kind.news ?? 0), 0), regulations: series.reduce((a, b) => a + (b.by_kind.regulations ?? 0), 0) },
    series,
    spikes: [
      {
        start: day(19),
        end: day(19),
        count: 12,
        baseline: 1.64,
        threshold: 4.9,
        explanation: 'The Fed held rates and signalled two cuts [1]; markets repriced the path at once [2].',
        articles: [
          { id: 101, title: 'Fed holds rates, signals two cuts', published_at: '2026-03-20T18:05:00Z' },
          { id: 102, title: 'Treasury yields fall after the Fed decision', published_at: '2026-03-20T20:30:00Z' },
        ],
      },
    ],
    spikes_from: day(14),
    rising: [
      { name: 'Jerome Powell', kind: 'entity', recent: 6, previous: 4, momentum: 3.2, is_new: false, articles: [{ id: 101, title: 'Fed holds rates, signals two cuts', published_at: '2026-03-20T18:05:00Z' }] },
      { name: 'Jackson Hole', kind: 'place', recent: 2, previous: 0, momentum: null, is_new: true, articles: [{ id: 103, title: 'Jackson Hole agenda published', published_at: '2026-03-27T09:00:00Z' }] },
    ],
    stories: [
      {
        id: 55,
        title: 'March FOMC decision',
        articles: [
          { id: 100, title: 'Fed meeting begins amid inflation worries', published_at: '2026-03-18T12:00:00Z' },
          { id: 101, title: 'Fed holds rates, signals two cuts', published_at: '2026-03-20T18:05:00Z' },
          { id: 104, title: 'Minutes show debate over the pace of cuts', published_at: '2026-03-29T18:00:00Z' },
        ],
      },
    ],
    analysis: {
      text: 'Coverage rose after the Fed held rates [1]. Bond markets moved the most [2].',
      references: [
        { number: 1, article_id: 101, title: 'Fed holds rates, signals two cuts' },
        { number: 2, article_id: 102, title: 'Treasury yields fall after the Fed decision' },
      ],
      model: 'built-in',
    },
    ...overrides,
  };
}

/** The same topic as an empty period: no articles, no spikes, names, stories or analysis. */
export function makeEmptyTrends(): TTopicTrends {
  const base = makeTrends();
  return {
    ...base,
    total: 0,
    previous_total: 0,
    change: null,
    by_kind: {},
    series: base.series.map((p) => ({ start: p.start, total: 0, by_kind: {} })),
    spikes: [],
    rising: [],
    stories: [],
    analysis: null,
  };
}

/** GET /trends/ for two topics, for the tests. */
export function makeOverview(overrides: Partial<TTrendsOverview> = {}): TTrendsOverview {
  return {
    range: '30d',
    bucket: 'day',
    from: day(0),
    to: day(30),
    topics: [
      { id: 7, name: 'Federal Reserve monetary policy', total: 50, previous_total: 40, change: 0.25, series: Array.from({ length: 30 }, (_, i) => (i === 19 ? 12 : 1)), spikes: [{ start: day(19), count: 12 }], rising: ['Jerome Powell', 'Jackson Hole'] },
      { id: 8, name: 'Offshore wind permitting', total: 0, previous_total: 0, change: null, series: Array.from({ length: 30 }, () => 0), spikes: [], rising: [] },
    ],
    ...overrides,
  };
}
