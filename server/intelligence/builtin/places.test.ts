import { describe, expect, it } from 'vitest';
import { countriesOf, inEuropeanUnion, parseLocation } from './places.js';
import { contentWords, kindsOf } from './text-features.js';

describe('countriesOf (gazetteer)', () => {
  it.each([
    ['Hundreds of migrants wait at the Hungarian border.', ['hungary']],
    ['Police clear the main railway station in Budapest.', ['hungary']],
    ['A Saudi-led air raid hits the port of Aden.', ['saudi_arabia', 'yemen']],
    ['The President of South Sudan meets officials from Sudan.', ['south_sudan', 'sudan']],
    ['Fighting near Deir ez-Zor and in Mazar-i-Sharif.', ['syria', 'afghanistan']],
    ['Pope Francis lands in Santiago de Cuba before flying to the U.S.', ['cuba', 'united_states']],
    ['Wildfires spread across Northern California.', ['united_states']],
  ])('%s', (text, expected) => {
    expect(countriesOf(text)).toEqual(expected);
  });

  it('reads only capitalised names, and leaves out names that are often something else', () => {
    expect(countriesOf('They ate turkey and drank china tea.')).toEqual([]);
    expect(countriesOf('Chad Smith sails across the Indian Ocean.')).toEqual([]);
    // An armed group's name places nothing: the attack is in Afghanistan, not Iraq.
    expect(countriesOf('Militants allied to the Islamic State of Iraq and the Levant attack Afghan police.')).toEqual(['afghanistan']);
    expect(countriesOf('The Islamic State in Iraq and Syria claims an attack in Libya.')).toEqual(['libya']);
    expect(countriesOf('Troops from Chad and Chadian police patrol the border.')).toEqual(['chad']);
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
