/**
 * The fixed collections (source kinds). Identifiers are stable: topics, documents and search
 * filters store them. Eight are selectable for topics, nine appear in the
 * search filter; Press releases and Blogs are only shown in one internal view.
 */
export interface Collection {
  id: number;
  key: string;
  name: string;
  topicSelectable: boolean;
  searchFilter: boolean;
}

export const COLLECTIONS: readonly Collection[] = [
  { id: 1, key: 'news', name: 'News', topicSelectable: true, searchFilter: true },
  { id: 2, key: 'press_releases', name: 'Press releases', topicSelectable: false, searchFilter: false },
  { id: 3, key: 'blogs', name: 'Blogs', topicSelectable: false, searchFilter: false },
  { id: 4, key: 'scientific_studies', name: 'Scientific studies', topicSelectable: true, searchFilter: true },
  { id: 5, key: 'legislation', name: 'Legislation', topicSelectable: true, searchFilter: true },
  { id: 6, key: 'regulations', name: 'Regulations', topicSelectable: true, searchFilter: true },
  { id: 7, key: 'litigation', name: 'Litigation', topicSelectable: true, searchFilter: true },
  { id: 8, key: 'securities_filings', name: 'Securities filings', topicSelectable: false, searchFilter: true },
  { id: 9, key: 'clinical_trials', name: 'Clinical trials', topicSelectable: true, searchFilter: true },
  { id: 10, key: 'patents', name: 'Patents', topicSelectable: true, searchFilter: true },
  { id: 11, key: 'trademarks', name: 'Trademarks', topicSelectable: true, searchFilter: true },
];

const KEYS = new Map(COLLECTIONS.map((c) => [c.id, c.key]));
/** A collection's key by its id; 'news' for an id no collection has (every document has a kind). */
export const collectionKey = (id: number): string => KEYS.get(id) ?? 'news';

/** Industries offered in profile and registration forms (value stored, label shown). */
const INDUSTRY_PAIRS: readonly (readonly [value: string, label: string])[] = [
  ['aerospace_defense', 'Aerospace & Defense'],
  ['agriculture', 'Agriculture & Food'],
  ['automotive', 'Automotive & Mobility'],
  ['banking', 'Banking & Capital Markets'],
  ['biotech_pharma', 'Biotechnology & Pharmaceuticals'],
  ['chemicals', 'Chemicals & Materials'],
  ['construction', 'Construction & Real Estate'],
  ['consulting', 'Consulting & Professional Services'],
  ['consumer', 'Consumer Goods & Retail'],
  ['education', 'Education & Research'],
  ['energy', 'Energy & Utilities'],
  ['government', 'Government & Public Sector'],
  ['healthcare', 'Healthcare & Medical Devices'],
  ['insurance', 'Insurance'],
  ['investment', 'Investment Management'],
  ['legal', 'Legal Services'],
  ['manufacturing', 'Industrial Manufacturing'],
  ['media', 'Media & Entertainment'],
  ['mining', 'Mining & Metals'],
  ['nonprofit', 'Non-profit & NGOs'],
  ['semiconductors', 'Semiconductors & Electronics'],
  ['software', 'Software & Internet'],
  ['telecom', 'Telecommunications'],
  ['transport', 'Transportation & Logistics'],
  ['other', 'Other'],
];

export const INDUSTRIES: readonly { value: string; label: string }[] = INDUSTRY_PAIRS.map(([value, label]) => ({ value, label }));

/**
 * The collections a topic's sources cover when matching documents: News stands for the news-like
 * collections that are not offered on their own (Press releases, Blogs), so a topic on News sees
 * a central bank's press releases too.
 */
export function coveredCollections(sources: readonly number[]): number[] {
  const out = new Set(sources);
  if (out.has(1)) for (const c of COLLECTIONS) if (!c.topicSelectable && !c.searchFilter) out.add(c.id);
  return [...out];
}
