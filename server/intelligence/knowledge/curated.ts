/**
 * The knowledge Herald keeps by hand, as data: the kinds of topics (their cue words, the
 * developments a reader of each wants, what counts as relevant), the regulators and legislatures
 * that act for a jurisdiction on a subject, the other names of bodies, the places of laws, names
 * that mean several things, subjects too broad to follow, words that name no subject and words
 * written in capitals (ADR 015). No standard list holds these, so each lives in a JSON file of
 * datasets/ (one per table) and every entry says where it comes from (`source`: an official site
 * or list's URL, or "curated: <reason>").
 *
 * Each file is checked by its zod schema when first read, which is when the server's modules load
 * (builtin/topic-domains.ts and builtin/world.ts read them as module constants), before anything
 * starts: a malformed file stops the start with a CuratedDataError that names the file and the
 * entry. Cue words are checked against documents by `npm run eval:cues` (scripts/eval-cues.ts): a
 * cue must be characteristic of documents of its kind.
 *
 * The words of these files are English (each file says its `language`). This module imports
 * nothing of the engine: builtin/topic-domains.ts and builtin/world.ts present its tables to
 * the engine under their old names.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { COLLECTIONS, INDUSTRIES } from '../../../contract/collections.js';
import { ROOT } from '../../paths.js';

export const CURATED_DIR = path.join(ROOT, 'server', 'intelligence', 'knowledge', 'datasets');

/** A kind of topic: how it is recognised and how a profile of it is written. */
export interface Domain {
  key: string;
  /** Words and phrases that signal the domain (compared as stemmed terms). */
  cues: string[];
  /** Collection ids (contract/collections.ts) that carry it, most important first. */
  sources: number[];
  /** Developments the reader wants, most important first (at least 8). */
  events: string[];
  /** Noun phrase for the first sentence of a description: "<scope> concerning <subject>". */
  scope: string;
  sought: string;
  queryTerms: string[];
  /** Relevance levels of the action/outcome dimension for a subject. */
  outcome(subject: string): { high: string; medium: string; low: string };
  /** Whether where something happens decides relevance (jurisdictions, conflicts). */
  placeSensitive: boolean;
}

/** One meaning of a name that means several things. */
export interface Sense {
  /** What the option says ('Which one did you mean?'). */
  text: string;
  /** The topic name once chosen. */
  name: string;
  /** Words that settle the meaning without asking. */
  cues: string[];
}

/** The bodies that regulate a subject, by jurisdiction ('World': wherever the topic is). */
export interface Regulators {
  /** What they regulate ("medicines and medical devices"). */
  subject: string;
  cues: string[];
  by: Record<string, string[]>;
}

/** Where a piece of knowledge comes from: a URL, or "curated: " and the reason it is Herald's own. */
const source = z
  .string()
  .refine((s) => /^https?:\/\/[^\s/]+\.[^\s]+$/.test(s) || /^curated: \S+( \S+){2,}/.test(s), 'a source is a URL (https://...) or "curated: <a reason of three words or more>"');
/** Lower case, no space at either end or twice: how cues and keys are compared. */
const word = z.string().regex(/^[\p{Ll}\p{N}&'’][\p{Ll}\p{N}&'’ .-]*$/u, 'lower case letters and digits (spaces, hyphens, dots and apostrophes inside)').refine((s) => !/\s\s|\s$/.test(s), 'no double or trailing space');
const text = z.string().trim().min(1);
const words = (what: string) => z.array(word).refine((list) => new Set(list).size === list.length, `${what} are listed once each`);
/** A jurisdiction: a country or group as the place knowledge layer names it ("United States", "European Union"), or "World". */
const place = z.string().regex(/^\p{Lu}[\p{L} .'’()-]+$/u, 'a place as the gazetteer names it ("United States", "European Union") or "World"');
const SUBJECT = '{subject}';
const template = text.refine((s) => s.split(SUBJECT).length === 2, `says ${SUBJECT} once`);
const collectionIds = new Set(COLLECTIONS.map((c) => c.id));

export const ZKind = z.strictObject({
  key: z.string().regex(/^[a-z]+$/, 'one lower-case word'),
  cues: words('cues'),
  collections: z.array(z.number().int().refine((id) => collectionIds.has(id), 'a collection id of contract/collections.ts')).min(1),
  events: z.array(text).min(8),
  scope: text,
  sought: text,
  queryTerms: z.array(text).min(1),
  outcome: z.strictObject({ high: template, medium: template, low: template }),
  placeSensitive: z.boolean(),
  source,
});

export const ZRegulators = z.strictObject({
  subject: text,
  cues: words('cues').min(1),
  bodies: z.array(z.strictObject({ place, name: text, source })).min(1),
  source,
});

export const ZOtherNames = z.strictObject({ name: text, also: z.array(text).min(1), source });
export const ZLawPlace = z.strictObject({ law: word, place, source });
export const ZLegislature = z.strictObject({ place, bodies: z.array(text).min(1), source });
export const ZAmbiguous = z.strictObject({
  name: word,
  senses: z.array(z.strictObject({ text, name: text, cues: words('cues').min(1) })).min(2),
  source,
});
export const ZBroad = z.strictObject({ word, narrower: z.array(text).min(1), source });
/** A group of words of one kind ("asking to follow": "track", "want"; "bodies and agencies": "fda", "sec"). */
export const ZWordGroup = z.strictObject({ what: text, words: words('words').min(1), source });
/** A legal form of companies: its abbreviation and how it is written after a name ("Corp", "corp", "Corporation"). */
export const ZLegalForm = z.strictObject({ form: text, spellings: z.array(z.string().regex(/^\p{L}[\p{L}./]*$/u, 'letters, dots and slashes')).min(1), what: text, source });

/** An action a title can report: the verbs that say it (base forms) and whether it marks a change of phase. */
export const ZAction = z.strictObject({ action: word, verbs: words('verbs').refine((list) => list.length > 0, 'at least one verb'), phase: z.boolean(), source });

/** An industry a profile can name (contract/collections.ts INDUSTRIES): the words that point to it, and topics to suggest in it. */
export const ZIndustry = z.strictObject({
  value: z.string().refine((v) => INDUSTRIES.some((i) => i.value === v), 'an industry of contract/collections.ts INDUSTRIES'),
  cues: words('cues').min(1),
  topics: z.array(z.strictObject({ name: text, sources: z.array(z.number().int().refine((id) => collectionIds.has(id), 'a collection id of contract/collections.ts')).min(1) })).min(1),
  source,
});
/** What people in a role are responsible for, by words of their job title. */
export const ZRole = z.strictObject({ role: word, cues: words('cues').min(1), responsibilities: z.array(text).min(1), source });

/** Each file: what it holds, and how an entry is named in a message (its key or name). */
export const CURATED_FILES = {
  kinds: { file: 'topic-kinds.json', entry: ZKind, id: 'key' },
  regulators: { file: 'regulators.json', entry: ZRegulators, id: 'subject' },
  otherNames: { file: 'other-names.json', entry: ZOtherNames, id: 'name' },
  lawPlaces: { file: 'law-places.json', entry: ZLawPlace, id: 'law' },
  legislatures: { file: 'legislatures.json', entry: ZLegislature, id: 'place' },
  ambiguous: { file: 'ambiguous-names.json', entry: ZAmbiguous, id: 'name' },
  broad: { file: 'broad-subjects.json', entry: ZBroad, id: 'word' },
  generic: { file: 'generic-words.json', entry: ZWordGroup, id: 'what' },
  acronyms: { file: 'acronyms.json', entry: ZWordGroup, id: 'what' },
  legalForms: { file: 'legal-forms.json', entry: ZLegalForm, id: 'form' },
  actions: { file: 'actions.json', entry: ZAction, id: 'action' },
  industries: { file: 'industries.json', entry: ZIndustry, id: 'value' },
  roles: { file: 'role-responsibilities.json', entry: ZRole, id: 'role' },
} as const;
type Files = typeof CURATED_FILES;
export type CuratedTable = keyof Files;
export type CuratedEntry<T extends CuratedTable> = z.infer<Files[T]['entry']>;

/** A curated file that does not hold what its schema says. */
export class CuratedDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CuratedDataError';
  }
}

/**
 * The entries of one curated file's JSON, checked: the file's shape (`about`, `language`,
 * `entries`), each entry's schema, and that no two entries share their id. A failure throws
 * CuratedDataError naming the file and each faulty entry by number and id.
 */
export function parseCurated<T extends CuratedTable>(table: T, json: unknown, file: string = CURATED_FILES[table].file): CuratedEntry<T>[] {
  const { entry, id } = CURATED_FILES[table];
  const parsed = z
    .strictObject({
      about: text,
      language: z.string().regex(/^(?:[a-z]{2}|mul)$/, 'an ISO 639-1 code, or mul (ISO 639-2: several languages)'),
      entries: z.array(entry).min(1),
    })
    .superRefine((data, ctx) => {
      const seen = new Map<string, number>();
      data.entries.forEach((e, i) => {
        const key = String((e as Record<string, unknown>)[id]).toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['entries', i, id], message: `the same ${id} as entry ${seen.get(key)! + 1}` });
        else seen.set(key, i);
      });
    })
    .safeParse(json);
  if (parsed.success) return parsed.data.entries as CuratedEntry<T>[];
  const raw = (json as { entries?: unknown[] } | null)?.entries;
  const lines = parsed.error.issues.map((issue) => {
    const [top, index, ...rest] = issue.path;
    if (top !== 'entries' || typeof index !== 'number') return `${issue.path.join('.') || '(the file)'}: ${issue.message}`;
    const name = (raw?.[index] as Record<string, unknown> | undefined)?.[id];
    return `entry ${index + 1}${typeof name === 'string' ? ` "${name}"` : ''}${rest.length ? `, ${rest.join('.')}` : ''}: ${issue.message}`;
  });
  throw new CuratedDataError(`${file}: ${lines.join('; ')}`);
}

function readCurated<T extends CuratedTable>(table: T): CuratedEntry<T>[] {
  const file = path.join(CURATED_DIR, CURATED_FILES[table].file);
  const shown = path.relative(ROOT, file);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CuratedDataError(`${shown}: ${(error as Error).message}`);
  }
  return parseCurated(table, json, shown);
}

/** A kind of topic as the engine reads it: its outcome levels written for a subject. */
function toDomain(kind: CuratedEntry<'kinds'>): Domain {
  const fill = (template: string, subject: string) => template.split(SUBJECT).join(subject);
  const { high, medium, low } = kind.outcome;
  return {
    key: kind.key,
    cues: kind.cues,
    sources: kind.collections,
    events: kind.events,
    scope: kind.scope,
    sought: kind.sought,
    queryTerms: kind.queryTerms,
    outcome: (subject) => ({ high: fill(high, subject), medium: fill(medium, subject), low: fill(low, subject) }),
    placeSensitive: kind.placeSensitive,
  };
}

export interface CuratedKnowledge {
  /** The kinds a topic's words are scored for, in the order that breaks ties (topic-analysis.ts domainScores). */
  domains: Domain[];
  /** A company or other organisation as the subject (chosen when the topic names one). */
  company: Domain;
  /** When nothing more specific fits. */
  general: Domain;
  regulators: Regulators[];
  /** Other names of a body and the parts that act for it. */
  alsoKnown: Record<string, string[]>;
  /** A law's name (lower case) -> the place it is law in. */
  lawPlaces: Record<string, string>;
  legislatures: Record<string, string[]>;
  ambiguous: Record<string, Sense[]>;
  broad: Record<string, string[]>;
  /** Words that add nothing to a topic on their own ("latest news on ..."). */
  generic: string[];
  /** Words written in capitals whatever case a user types them in ("fda" -> "FDA"). */
  acronyms: string[];
}

let loaded: CuratedKnowledge | undefined;

/** Every curated table, read and checked once (a broken file throws CuratedDataError). */
export function curatedKnowledge(): CuratedKnowledge {
  if (loaded) return loaded;
  const kinds = readCurated('kinds').map(toDomain);
  const special = (key: string) => {
    const found = kinds.find((k) => k.key === key);
    if (!found) throw new CuratedDataError(`${CURATED_FILES.kinds.file}: no kind "${key}" (the engine's fallbacks: company and general)`);
    return found;
  };
  const company = special('company');
  const general = special('general');
  const regulators = readCurated('regulators').map((r) => {
    const by: Record<string, string[]> = {};
    for (const body of r.bodies) (by[body.place] ??= []).push(body.name);
    return { subject: r.subject, cues: r.cues, by };
  });
  loaded = {
    domains: kinds.filter((k) => k !== company && k !== general),
    company,
    general,
    regulators,
    alsoKnown: Object.fromEntries(readCurated('otherNames').map((e) => [e.name, e.also])),
    lawPlaces: Object.fromEntries(readCurated('lawPlaces').map((e) => [e.law, e.place])),
    legislatures: Object.fromEntries(readCurated('legislatures').map((e) => [e.place, e.bodies])),
    ambiguous: Object.fromEntries(readCurated('ambiguous').map((e) => [e.name, e.senses])),
    broad: Object.fromEntries(readCurated('broad').map((e) => [e.word, e.narrower])),
    generic: readCurated('generic').flatMap((e) => e.words),
    acronyms: readCurated('acronyms').flatMap((e) => e.words),
  };
  return loaded;
}

let spellings: string[] | undefined;
/** How companies' legal forms are written after their names, read and checked once (builtin/company-names.ts). */
export function legalForms(): string[] {
  spellings ??= [...new Set(readCurated('legalForms').flatMap((entry) => entry.spellings))];
  return spellings;
}

let actions: CuratedEntry<'actions'>[] | undefined;
/** The actions a title can report, read and checked once (lexicon/actions.ts). */
export function actionVerbs(): CuratedEntry<'actions'>[] {
  actions ??= readCurated('actions');
  return actions;
}

let industries: CuratedEntry<'industries'>[] | undefined;
/** The industries a profile can name, their cue words and topics to suggest, read and checked once (builtin/profile-lexicon.ts). */
export function industryKnowledge(): CuratedEntry<'industries'>[] {
  industries ??= readCurated('industries');
  return industries;
}

let roles: CuratedEntry<'roles'>[] | undefined;
/** What people in a role are responsible for, by words of their title, read and checked once (builtin/profile-lexicon.ts). */
export function roleResponsibilities(): CuratedEntry<'roles'>[] {
  roles ??= readCurated('roles');
  return roles;
}
