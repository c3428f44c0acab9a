import { describe, expect, it } from 'vitest';
import { zoneOf } from './discourse.js';

describe('discourse: the zone of a sentence, one cue a row', () => {
  it.each([
    ['a numbered citation closing the sentence', 'Pain is associated with impaired cognitive function (1).', 'other-work'],
    ['a list of numbered citations', 'Around half of these patients report forgetfulness (2,3).', 'other-work'],
    ['a bracketed range', 'Such models were studied before [4-6].', 'other-work'],
    ['an author and year', 'Dropout regularises networks (Srivastava et al., 2014) in most settings.', 'other-work'],
    ['an author named in the text with the year', 'Srivastava et al. (2014) proposed dropout for large networks.', 'other-work'],
    ['authors find', 'We show that walking cut falls by a third.', 'finding'],
    ['results suggest', 'These results suggest that the effect lasts a year.', 'finding'],
    ['the authors say what they present', 'We present a tidal turbine that folds its blades.', 'aim'],
    ['the paper says what it proposes', 'This paper proposes a fee for moorings.', 'aim'],
    ['a further contribution is a part of the aim, not the aim', 'We further introduce a residual colour loss.', null],
    ['a presenter in the news is no aim', 'The minister will present the budget on Monday.', null],
    ['a figure in parentheses is no citation', 'Forgetfulness was reported by many patients (23.4%).', null],
    ['a numbered item mid-sentence is no citation', 'Under paragraph (1) of the rule the fee applies.', null],
    ['a year in parentheses is no citation', 'The rule took effect in the spring (2016).', null],
    ['a plain statement', 'The harbour authority raised mooring fees.', null],
  ])('%s', (_, sentence, zone) => {
    expect(zoneOf(sentence, 'en')).toBe(zone);
  });

  it('reads a finding by its verb in English only; a citation in any language', () => {
    expect(zoneOf('Wir zeigen, dass das Gehen Stürze verringert.', 'de')).toBeNull();
    expect(zoneOf('Das Gehen verringert Stürze (1).', 'de')).toBe('other-work');
  });
});
