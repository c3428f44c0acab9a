import { describe, expect, it } from 'vitest';
import { ruleNamed } from '../rules.js';
import { builtinImpact, type ImpactInput } from './impact.js';
import { announcesNextStep, dayNamed, NEXT_STEP_RULES, saysWhen, statesNextStep } from './next-steps.js';

describe('next steps by language', () => {
  it.each([
    ['next-step', 'Comments must be received on or before April 3, 2026.', 'The agency received comments from 40 groups.'],
    ['next-step', 'The rule becomes effective on June 1.', 'The rule was effective in reducing emissions.'],
    ['next-step-fr', 'Le règlement entrera en vigueur le 1er juin 2026.', 'Le règlement a été adopté par le Parlement.'],
    ['next-step-fr', 'La prochaine réunion aura lieu le 12 mars.', 'La réunion a eu lieu hier à Paris.'],
    ['next-step-es', 'La norma entrará en vigor el 1 de junio.', 'La norma fue aprobada por el Congreso.'],
    ['next-step-es', 'La fecha límite para las solicitudes es el 3 de abril.', 'Las solicitudes llegaron en marzo.'],
    ['next-step-de', 'Die Verordnung tritt am 1. Juni in Kraft.', 'Die Verordnung wurde gestern beschlossen.'],
    ['next-step-de', 'Die nächste Sitzung ist für den 12. März angesetzt.', 'Die Sitzung dauerte drei Stunden.'],
  ])('%s holds for "%s" and not for "%s"', (name, holds, not) => {
    const rule = ruleNamed(NEXT_STEP_RULES, name);
    expect(rule.test(holds)).toBe(true);
    expect(rule.test(not)).toBe(false);
  });

  it('applies a language its own rules only: an English cue in a French document is no next step', () => {
    expect(announcesNextStep('The deadline is March 3.', 'en')).toBe(true);
    expect(announcesNextStep('The deadline is March 3.', 'fr')).toBe(false);
    expect(announcesNextStep('Le règlement entrera en vigueur le 1er juin.', 'en')).toBe(false);
    // A language with no rule has no next steps, rather than English ones.
    expect(announcesNextStep('The deadline is March 3.', 'fi')).toBe(false);
  });

  it('reads the date in the sentence by its language', () => {
    const since = new Date('2026-01-10T00:00:00Z');
    expect(dayNamed('Le règlement entrera en vigueur le 1er juin 2026.', since, 'fr')?.toISOString().slice(0, 10)).toBe('2026-06-01');
    expect(dayNamed('La norma entrará en vigor el 3 de abril de 2026.', since, 'es')?.toISOString().slice(0, 10)).toBe('2026-04-03');
    expect(dayNamed('Die Verordnung tritt am 12. März 2026 in Kraft.', since, 'de')?.toISOString().slice(0, 10)).toBe('2026-03-12');
    expect(dayNamed('The rule takes effect in 2026.', since, 'en')).toBeUndefined();
    expect(saysWhen('La réunion se tiendra le 12 mars.', 'fr')).toBe(true);
    expect(saysWhen('La réunion se tiendra bientôt.', 'fr')).toBe(false);
    expect(statesNextStep('The committee will vote within 30 days.', 'en')).toBe(true);
  });

  it("gives a French document's deadline to the impact's horizon", () => {
    const input: ImpactInput = {
      reader: { title: null, company: null, industry: null, organizations: [], productsMarkets: [], placesJurisdictions: [] },
      topic: { name: 'Régulation bancaire', keyEntities: [] },
      article: { title: 'Nouvelles règles', introduction: "L'autorité publie de nouvelles règles [1].", points: [], sections: [] },
      references: [{ number: 1, title: 'Règles', date: '2026-01-10', kind: 'regulations', text: "L'autorité publie de nouvelles règles pour les banques. Le règlement entrera en vigueur le 1er juin 2026.", language: 'fr' }],
      reported: '2026-01-10',
      rank: 0.5,
      standing: null,
      phaseChange: false,
    };
    expect(builtinImpact(input).horizon.map((h) => h.date)).toEqual(['2026-06-01']);
    // The same text read as English has no next step: the English cues do not read French.
    expect(builtinImpact({ ...input, references: [{ ...input.references[0]!, language: 'en' }] }).horizon).toEqual([]);
  });
});
