import { describe, expect, it } from 'vitest';
import { isClause, usedAsVerb } from './clause.js';

// Made-up sentences: [sentence, is it a clause with a finite verb].
const clauses: [string, boolean][] = [
  ['The Widget Board is correcting a final rule.', true],
  ['The Widget Board decided to raise its fee by 25 basis points.', true],
  ['Widget makers arrive in Aville.', true],
  ['Aville and Bland augment their widget swap line.', true],
  ['Thousands rally against widget taxes.', true],
  ['Comments must be received by May 16, 2099.', true],
  ['Widget Board raises fees.', true],
  ['Members of the Widget Board approved the fee.', true],
  ['The Widget Board on Friday announced its meeting schedule for 2099.', true],
  ['Authorities in Aville close the widget station to prevent widget makers from boarding trains.', true],
  ['Russian rocket Widget TMA-18M launches a crew of three to the ISS.', true],
  ['This study aims to enhance widget security.', true],
  ['Acme Inc. (CIK 320193) filed 8-K on 2099-08-08.', true],
  ['A French probe into the widget affair in 2004 closes without bringing any new information.', true],
  ['An Aville court convicts twelve men for their roles in the widget fraud.', true],
  ['Autonomous widget systems increasingly rely on perception.', true],
  ['For 2099, the Widget Board agreed on tentative ranges for widget growth.', true],
  ['The widget league lists 11 former widget makers as graduates.', true],
  ['We, the Aville Widget Service, announce a public meeting of the Widget Task Force.', true],
  ['Final rule.', false],
  ['Control of Air Pollution from New Widget Vehicles.', false],
  ['Request for comments on the rules of origin for tops made from woven widgets.', false],
  ['Notice of a grant to support the Widget Center operated by the Widget Network.', false],
  ['Notice of a grant to support the Aville and Bland Widget Center (AVBWC) operated by the Widget Network.', false],
  ['Request for comments on rules for skirts, blouses and tops.', false],
  ['Request for comments on the Aville-Bland Widget Agreement (ABWA) rules of origin for skirts.', false],
  ['Proposed rule; reopening of comment period.', false],
  ['Notice of public meeting of the Widget Advisory Board.', false],
  ['Notice to alter a system of widget records.', false],
  ['Request for comments concerning a widget safety standard.', false],
  ['Description: Widget filing to be effective 6/3/2099.', false],
  ['Notice of the award of a single-source widget supplement grant to the Aville Widget Office.', false],
];

describe('a clause', () => {
  it.each(clauses)('%s -> %s', (sentence, expected) => expect(isClause(sentence)).toBe(expected));
});

// Made-up texts: [text, an inflected word of it, is it read as the text's verb].
const verbs: [string, string, boolean][] = [
  ['Widget court rules against Acme in patent case', 'rules', true],
  ['Widget Board raises fees by a quarter point', 'raises', true],
  ['The Board approved the widget amendments on Monday.', 'approved', true],
  ['Any person must file in accordance with Rules 211 and 214 of the Widget Regulations.', 'rules', false],
  ['Widget Capital Rules: Final Revisions Applicable to Widget Banks', 'rules', false],
  ['Cuts to Widget Payments', 'cuts', false],
  ['Combined Notice of Widget Filings #1', 'filings', false],
  ['The proposed rule would amend the widget regulations.', 'proposed', false],
];

describe('a word read as a verb', () => {
  it.each(verbs)('%s: %s -> %s', (text, word, expected) => expect(usedAsVerb(text, word)).toBe(expected));
});
