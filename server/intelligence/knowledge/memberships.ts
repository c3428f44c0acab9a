/**
 * Groups of countries (the European Union, NATO, OPEC, the G7, ...) from datasets/memberships.json,
 * the one hand-curated list of the place knowledge layer: no package keeps memberships, so each
 * list names its source and the date it is true of, and is checked here when first read.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ROOT } from '../../paths.js';

export const MEMBERSHIPS_FILE = path.join(ROOT, 'server', 'intelligence', 'knowledge', 'datasets', 'memberships.json');

const ISO2 = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code');
/** Names or adjectives by language (ISO 639-1); English is required. */
const byLanguage = z.record(z.string().regex(/^[a-z]{2}$/), z.array(z.string().min(1)).min(1));

export const ZGroup = z.object({
  /** Upper-case id, never an ISO country code ("EU", "NATO", "AFRICAN_UNION"). */
  id: z.string().regex(/^[A-Z][A-Z0-9_]+$/).refine((id) => id.length !== 2 || /\d/.test(id) || id === 'EU', 'a group id of two letters would read as a country code'),
  kind: z.enum(['union', 'alliance', 'organisation', 'forum', 'agreement', 'region']),
  names: byLanguage.refine((names) => 'en' in names, 'English names are required'),
  demonyms: byLanguage.optional(),
  members: z.array(ISO2).min(1),
  source: z.object({ url: z.url(), as_of: z.iso.date() }),
  note: z.string().optional(),
});
export type Group = z.infer<typeof ZGroup>;

export const ZMemberships = z.object({
  about: z.string(),
  groups: z.array(ZGroup).refine((groups) => new Set(groups.map((g) => g.id)).size === groups.length, 'group ids are unique'),
});

let loaded: Group[] | undefined;

/** The groups of datasets/memberships.json, checked (a broken file stops at first use with zod's message). */
export function groups(): Group[] {
  if (!loaded) {
    const parsed = ZMemberships.safeParse(JSON.parse(readFileSync(MEMBERSHIPS_FILE, 'utf8')));
    if (!parsed.success) throw new Error(`${path.relative(ROOT, MEMBERSHIPS_FILE)}: ${z.prettifyError(parsed.error)}`);
    loaded = parsed.data.groups;
  }
  return loaded;
}
