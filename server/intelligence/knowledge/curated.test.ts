import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLACES } from '../builtin/world.js';
import { CURATED_DIR, CURATED_FILES, CuratedDataError, curatedKnowledge, parseCurated, type CuratedTable } from './curated.js';

const regulators = (entries: unknown[]) => ({ about: 'Regulators.', language: 'en', entries });
const drugs = {
  subject: 'medicines',
  cues: ['drug', 'drugs'],
  bodies: [{ place: 'United States', name: 'FDA', source: 'https://www.fda.gov' }],
  source: 'curated: the agencies that approve drugs',
};

describe('curated knowledge (datasets/*.json, ADR 015)', () => {
  it('reads every table, each entry with where it comes from', () => {
    const known = curatedKnowledge();
    expect(known.domains.map((d) => d.key)).toEqual(expect.arrayContaining(['regulation', 'monetary', 'trade', 'agriculture']));
    expect(known.domains.some((d) => d.key === 'company' || d.key === 'general')).toBe(false);
    expect(known.company.key).toBe('company');
    expect(known.general.cues).toEqual([]);
    expect(known.regulators.find((r) => r.subject === 'medicines and medical devices')?.by['United States']).toEqual(['FDA']);
    expect(known.lawPlaces.gdpr).toBe('European Union');
    expect(known.generic).toEqual(expect.arrayContaining(['latest', 'news', 'track']));
    expect(known.acronyms).toEqual(expect.arrayContaining(['fda', 'm&a', '5g']));
    for (const table of Object.keys(CURATED_FILES) as CuratedTable[]) {
      const json = JSON.parse(readFileSync(path.join(CURATED_DIR, CURATED_FILES[table].file), 'utf8')) as { entries: { source: string }[] };
      for (const entry of parseCurated(table, json)) expect(entry.source).toMatch(/^(?:https?:\/\/|curated: )/);
    }
  });

  it('writes a kind’s relevance levels for a subject', () => {
    const regulation = curatedKnowledge().domains.find((d) => d.key === 'regulation')!;
    expect(regulation.outcome('batteries').high).toBe('A regulator adopts, proposes or enforces a rule on batteries');
    expect(regulation.outcome('$& and $1').high).toBe('A regulator adopts, proposes or enforces a rule on $& and $1');
  });

  it('names only places the place knowledge layer knows (or World)', () => {
    const names = new Set([...PLACES.map((p) => p.name), 'World']);
    const known = curatedKnowledge();
    const places = [...known.regulators.flatMap((r) => Object.keys(r.by)), ...Object.keys(known.legislatures), ...Object.values(known.lawPlaces)];
    expect(places.filter((p) => !names.has(p))).toEqual([]);
  });

  it('refuses a bad entry with a message that names the file and the entry', () => {
    expect(parseCurated('regulators', regulators([drugs]))).toHaveLength(1);
    const bad = { ...drugs, subject: 'banking', cues: ['Bank'], bodies: [{ place: 'United States', name: 'FDIC', source: 'their website' }] };
    let error: unknown;
    try {
      parseCurated('regulators', regulators([drugs, bad]));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CuratedDataError);
    const message = (error as Error).message;
    expect(message).toMatch(/^regulators\.json: /);
    expect(message).toContain('entry 2 "banking", cues.0: lower case');
    expect(message).toContain('entry 2 "banking", bodies.0.source: a source is a URL');
  });

  it('refuses entries that repeat an id, lack a source or break a kind’s rules', () => {
    expect(() => parseCurated('regulators', regulators([drugs, drugs]))).toThrow('entry 2 "medicines", subject: the same subject as entry 1');
    const { source: _source, ...unsourced } = drugs;
    expect(() => parseCurated('regulators', regulators([unsourced]))).toThrow(/entry 1 "medicines", source: /);
    expect(() => parseCurated('regulators', regulators([{ ...drugs, source: 'curated:' }]))).toThrow('a source is a URL');
    expect(() => parseCurated('regulators', { language: 'en', entries: [drugs] })).toThrow(/^regulators\.json: about: /);
    const kinds = JSON.parse(readFileSync(path.join(CURATED_DIR, CURATED_FILES.kinds.file), 'utf8')) as { entries: Record<string, unknown>[] };
    const [first] = kinds.entries;
    const kind = (change: Record<string, unknown>) => ({ ...kinds, entries: [{ ...first, ...change }] });
    expect(() => parseCurated('kinds', kind({ collections: [99] }))).toThrow('entry 1 "regulation", collections.0: a collection id of contract/collections.ts');
    expect(() => parseCurated('kinds', kind({ outcome: { high: 'A rule', medium: 'On {subject}', low: 'On {subject}' } }))).toThrow('outcome.high: says {subject} once');
    expect(() => parseCurated('kinds', kind({ cues: ['rule', 'rule'] }))).toThrow('cues are listed once each');
    expect(() => parseCurated('kinds', kind({ events: ['One'] }))).toThrow(/entry 1 "regulation", events: /);
  });
});
