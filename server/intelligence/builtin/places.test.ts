import { describe, expect, it } from 'vitest';
import { countriesOf, countryName, inEuropeanUnion, parseLocation } from './places.js';
import { contentWords, kindsOf } from './text-features.js';

describe('countriesOf (the place knowledge layer, as the story tracker and relevance read it)', () => {
  it.each([
    ['Hundreds of migrants wait at the Hungarian border.', ['HU']],
    ['Police clear the main railway station in Budapest.', ['HU']],
    ['A Saudi-led air raid hits the port of Aden.', ['SA', 'YE']],
    ['The President of South Sudan meets officials from Sudan.', ['SS', 'SD']],
    ['Fighting near Deir ez-Zor and in Mazar-i-Sharif.', ['SY', 'AF']],
    ['Pope Francis lands in Santiago de Cuba before flying to the U.S.', ['CU', 'US']],
    ['Wildfires spread across Northern California.', ['US']],
  ])('%s', (text, expected) => {
    expect(countriesOf(text)).toEqual(expected);
  });

  it('reads only capitalised names, and leaves out names that are something else here', () => {
    expect(countriesOf('They ate turkey and drank china tea.')).toEqual([]);
    expect(countriesOf('Chad Smith sails across the Indian Ocean.')).toEqual([]);
    // An armed group's name places nothing: the attack is in Afghanistan, not Iraq.
    expect(countriesOf('Militants allied to the Islamic State of Iraq and the Levant attack Afghan police.')).toEqual(['AF']);
    expect(countriesOf('Troops from Chad and Chadian police patrol the border.')).toEqual(['TD']);
  });

  it('names a country key as before', () => {
    expect(countryName('HU')).toBe('Hungary');
    // A key of the hand-written gazetteer this replaced.
    expect(countryName('united_states')).toBe('United States');
  });
});

describe('the European Union', () => {
  it('knows its member states by any of their names, and not its neighbours', () => {
    expect(countriesOf('Zagreb, Ljubljana, Valletta and the Czech Republic').map(inEuropeanUnion)).toEqual([true, true, true, true]);
    expect(countriesOf('Norway, Switzerland and Serbia').map(inEuropeanUnion)).toEqual([false, false, false]);
  });
});

describe('kindsOf', () => {
  it('names the kinds of happening a text says at least twice, the most said first', () => {
    expect(kindsOf(contentWords('A car bomb kills nine soldiers at a checkpoint.'))).toEqual(['conflict']);
    expect(kindsOf(contentWords('Voters go to the polls in a parliamentary election.'))).toEqual(['politics']);
    expect(kindsOf(contentWords('Flooding from the typhoon forces thousands to evacuate.'))).toEqual(['disaster']);
    expect(kindsOf(contentWords('The museum opens a new wing.'))).toEqual([]);
  });
});

describe('content words of places', () => {
  it('writes a demonym or an abbreviation as its place', () => {
    expect(contentWords('Syrian rebels')).toEqual(['syria', 'rebel']);
    expect(contentWords('UK and British officials')).toEqual(['britain', 'britain', 'offici']);
    expect(contentWords('Kurdish fighters and Kurds')).toEqual(['kurdistan', 'fighter', 'kurdistan']);
  });
});

describe('a location as people write it', () => {
  it.each([
    ['Oslo, Norway', { city: 'Oslo', country: 'Norway' }],
    ['Austin, Texas, USA', { city: 'Austin, Texas', country: 'USA' }],
    ['Norway', { city: null, country: 'Norway' }],
    ['Oslo', { city: 'Oslo', country: 'Norway' }],
    ['Springfield', { city: null, country: 'Springfield' }],
    [' , ', { city: null, country: null }],
  ])('%s', (text, expected) => {
    expect(parseLocation(text)).toEqual(expected);
  });
});
