import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findPlaces, isPlace } from '../builtin/topic-analysis.js';
import { MEMBERSHIPS_FILE, ZGroup, ZMemberships } from './memberships.js';
import { countriesOf, countryName, groupsOf, isPlaceName, isSamePlace, jurisdictionsIn, memberOf, membersOf, parseLocation, placeNamed, placesIn } from './places.js';

/** What placesIn finds, as "text:id". */
const found = (text: string, language?: string) => placesIn(text, language).map((m) => `${m.text}:${m.id}`);

describe('placesIn: countries, demonyms, capitals and cities', () => {
  it('reads a demonym as its country', () => {
    expect(placesIn('Kenyan mobile money regulation')).toMatchObject([{ id: 'KE', name: 'Kenya', kind: 'country', country: 'KE', via: 'demonym', text: 'Kenyan', start: 0, end: 6 }]);
    expect(found('The Danes and the Poles agreed; three Americans and a Briton were freed.')).toEqual(['Danes:DK', 'Poles:PL', 'Americans:US', 'Briton:GB']);
    expect(countriesOf('Hundreds of migrants wait at the Hungarian border.')).toEqual(['HU']);
  });

  it('reads a capital or a big city as a place in its country', () => {
    expect(placesIn('Fashion week opens in Paris.')).toMatchObject([{ id: 'FR/Paris', kind: 'city', country: 'FR' }]);
    expect(countriesOf('Zagreb, Ljubljana and Valletta')).toEqual(['HR', 'SI', 'MT']);
    expect(countriesOf('Flooding in Houston and Mumbai')).toEqual(['US', 'IN']);
  });

  it('reads a capital as its government where the text is about that government', () => {
    expect(placesIn('Officials in Washington said the sanctions would stay.')).toMatchObject([{ country: 'US', government: true }]);
    expect(placesIn('Washington said on Monday it would respond.')).toMatchObject([{ country: 'US', government: true }]);
    expect(placesIn('Moscow warned Kyiv.')[0]).toMatchObject({ country: 'RU', government: true });
    expect(placesIn("Beijing's response came late.")).toMatchObject([{ country: 'CN', government: true }]);
    // Not the city in a newspaper's name, nor the person.
    expect(placesIn('The Washington Post reported it.')).toEqual([]);
    expect(placesIn('George Washington crossed the river.')).toEqual([]);
  });

  it('reads a person named like a place as a person', () => {
    expect(placesIn('Jordan Peterson spoke at the event.')).toEqual([]);
    expect(placesIn('Indiana Jones returns to cinemas.')).toEqual([]);
    expect(placesIn('Chad Smith sails on.')).toEqual([]);
    expect(found('Paris Hilton arrived in Paris.')).toEqual(['Paris:FR/Paris']);
    // The same names as places.
    expect(found('Jordan said it would close the border.')).toEqual(['Jordan:JO']);
    expect(found('Troops from Chad and Chadian police patrol the border.')).toEqual(['Chad:TD', 'Chadian:TD']);
    expect(found('Floods hit southern Indiana.')).toEqual(['Indiana:US-IN']);
  });

  it('asks more of a small city, or of a name that is also an ordinary word or a given name, than of a country', () => {
    expect(placesIn('Split is a city.')).toEqual([]);
    expect(placesIn('Nice weather today.')).toEqual([]);
    expect(placesIn('Houston said it was fine.')).toEqual([]);
    expect(found('They met in Split, Croatia.')).toEqual(['Split:HR/Split', 'Croatia:HR']);
    expect(found('Atlanta, Georgia is warm.')).toEqual(['Atlanta:US/Atlanta', 'Georgia:US-GA']);
    expect(found('Georgia and Russia signed a deal in Tbilisi.')).toEqual(['Georgia:GE', 'Russia:RU', 'Tbilisi:GE/Tbilisi']);
  });

  it('reads capitalised names only, and names of other things as no place', () => {
    expect(placesIn('They ate turkey and drank china tea; us and them.')).toEqual([]);
    expect(placesIn('The Persian Gulf, the Indian Ocean and the Gulf of Mexico.')).toEqual([]);
    expect(placesIn('The report is written in English.')).toEqual([]);
    // Any conjunction or preposition after it (as English's lexicon tags them) ends a language's name.
    expect(placesIn('A copy is distributed in English of the manual, and lessons are given in English to pupils.')).toEqual([]);
    expect(placesIn('A toddler washed ashore on Deer Island.')).toEqual([]);
    expect(countriesOf('Militants allied to the Islamic State of Iraq and the Levant attack Afghan police.')).toEqual(['AF']);
    // A title-case headline capitalises every word: the place still counts.
    expect(countriesOf('Police Clear Main Railway Station In Budapest')).toEqual(['HU']);
  });

  it('reads groups of countries and says whose a name is', () => {
    expect(found('NATO allies and OPEC producers met EU ministers.')).toEqual(['NATO:NATO', 'OPEC:OPEC', 'EU:EU']);
    expect(placesIn('The Bank of England raised rates.')).toMatchObject([{ country: 'GB', inName: true }]);
    expect(placesIn('European Central Bank interest rates')).toMatchObject([{ id: 'EU', via: 'demonym', inName: true }]);
  });

  it('reads another language’s names and demonyms when the text is in it', () => {
    expect(placesIn('Le gouvernement français a annoncé des mesures.', 'fr')).toMatchObject([{ id: 'FR', via: 'demonym', text: 'français' }]);
    expect(found('Les autorités américaines et le Royaume-Uni', 'fr')).toEqual(['américaines:US', 'Royaume-Uni:GB']);
    expect(found("La Commission de l'Union européenne", 'fr')).toEqual(['Union européenne:EU']);
    expect(found('Deutschland und Frankreich', 'de')).toEqual(['Deutschland:DE', 'Frankreich:FR']);
    // English keeps to English names: "Frankreich" is no English word for France.
    expect(placesIn('Frankreich')).toEqual([]);
  });
});

describe('what a name means on its own', () => {
  it('knows two names of one place', () => {
    expect(isSamePlace('UK', 'Britain')).toBe(true);
    expect(isSamePlace('British', 'United Kingdom')).toBe(true);
    expect(isSamePlace('KE', 'Kenyan')).toBe(true);
    expect(isSamePlace('Czechia', 'Czech Republic')).toBe(true);
    expect(isSamePlace('Niger', 'Nigeria')).toBe(false);
  });

  it('names a country from its code, a name or a demonym', () => {
    expect(countryName('KE')).toBe('Kenya');
    expect(countryName('Kenyan')).toBe('Kenya');
    expect(countryName('Holland')).toBe('Netherlands');
    expect(countryName('EU')).toBe('European Union');
    expect(countryName('Atlantis')).toBe('Atlantis');
    expect(placeNamed('Congo')?.id).toBe('CD');
  });

  it('says whether a whole name is a place', () => {
    for (const name of ['U.S.', 'Hungary', 'Budapest', 'European Union', 'Kenyan']) expect(isPlaceName(name)).toBe(true);
    for (const name of ['Houston', 'Split', 'Federal Reserve', 'Hungary border']) expect(isPlaceName(name)).toBe(false);
  });
});

describe('memberships (datasets/memberships.json)', () => {
  it('knows the European Union’s 27 and the other groups, for a country named any way', () => {
    expect(membersOf('EU')).toHaveLength(27);
    expect(membersOf('European Union')).toEqual(membersOf('EU'));
    expect(memberOf('France', 'EU')).toBe(true);
    expect(memberOf('HU', 'European Union')).toBe(true);
    expect(memberOf('Croatian', 'EU')).toBe(true);
    expect(memberOf('Norway', 'EU')).toBe(false);
    expect(memberOf('Oslo', 'Schengen')).toBe(true);
    expect(memberOf('Finland', 'NATO')).toBe(true);
    expect(memberOf('Japan', 'G7')).toBe(true);
    expect(memberOf('Kenya', 'Africa')).toBe(true);
    expect(groupsOf('Norway')).toEqual(expect.arrayContaining(['NATO', 'EEA', 'EFTA', 'SCHENGEN']));
    expect(membersOf('Atlantis')).toEqual([]);
  });

  it('holds every list with its source and date, checked at load', () => {
    const file = ZMemberships.parse(JSON.parse(readFileSync(MEMBERSHIPS_FILE, 'utf8')));
    for (const group of file.groups) {
      expect(group.source.url).toMatch(/^https:\/\//);
      expect(group.source.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(ZGroup.safeParse({ id: 'FR', kind: 'union', names: { en: ['France'] }, members: ['FR'], source: { url: 'https://example.com', as_of: '2025-01-01' } }).success).toBe(false);
    expect(ZGroup.safeParse({ id: 'X_GROUP', kind: 'union', names: { en: ['X'] }, members: ['France'], source: { url: 'https://example.com', as_of: '2025-01-01' } }).success).toBe(false);
  });
});

describe('callers', () => {
  it('finds the places of a topic or profile as jurisdictions', () => {
    expect(findPlaces('Kenyan mobile money regulation')).toEqual(['Kenya']);
    expect(findPlaces('What officials in Washington decide on tariffs')).toEqual(['United States']);
    expect(findPlaces('Stockholm, Sweden. EU battery regulation')).toEqual(['Sweden', 'European Union']);
    expect(findPlaces('german car industry')).toEqual(['Germany']);
    expect(findPlaces('Privacy law in Texas')).toEqual(['Texas', 'United States']);
    expect(findPlaces('Ebola outbreak in West Africa')).toEqual(['West Africa']);
    expect(findPlaces('African swine fever')).toEqual([]);
    expect(jurisdictionsIn('Jordan Peterson spoke')).toEqual([]);
    // A body of states is an organisation, not a territory.
    expect(findPlaces('Oil prices and OPEC')).toEqual([]);
    expect(isPlaceName('NATO')).toBe(false);
    expect(placesIn('NATO summit')).toMatchObject([{ id: 'NATO', kind: 'group', group: 'alliance' }]);
    expect(isPlace('Budapest')).toBe(true);
  });

  it('reads a location typed in a form', () => {
    expect(parseLocation('Oslo, Norway')).toEqual({ city: 'Oslo', country: 'Norway' });
    expect(parseLocation('Oslo')).toEqual({ city: 'Oslo', country: 'Norway' });
    expect(parseLocation('Springfield')).toEqual({ city: null, country: 'Springfield' });
  });
});
