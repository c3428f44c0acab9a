/**
 * A small world gazetteer for the story tracker: every country (with the other names news gives
 * it), its demonyms, its capital and its largest cities, so a document about "the Hungarian
 * border", one about "Budapest" and one about "Hungary" all name the country Hungary. General
 * knowledge, written out by hand (no data set): countries and territories in common use, their
 * usual adjectives, capitals and cities of about a million people or more.
 *
 * Matching is on capitalised words only ("Turkey", not "turkey"; "Chad", not "chad"), names of
 * up to four words, longest first ("South Sudan" before "Sudan", "New York" before "York").
 */

/** Country; other names; demonyms; capital and big cities. Names that are also common given names or words are left out. */
const TABLE = `
Afghanistan;;Afghan,Afghans;Kabul,Kandahar,Herat,Mazar-i-Sharif
Albania;;Albanian,Albanians;Tirana
Algeria;;Algerian,Algerians;Algiers,Oran
Andorra;;Andorran;
Angola;;Angolan,Angolans;Luanda
Argentina;;Argentine,Argentinian,Argentinians,Argentines;Buenos Aires,Rosario
Armenia;;Armenian,Armenians;Yerevan
Australia;;Australian,Australians;Canberra,Sydney,Melbourne,Brisbane,Perth,Adelaide
Austria;;Austrian,Austrians;Vienna
Azerbaijan;;Azerbaijani,Azerbaijanis,Azeri,Azeris;Baku
Bahamas;;Bahamian,Bahamians;Nassau
Bahrain;;Bahraini,Bahrainis;Manama
Bangladesh;;Bangladeshi,Bangladeshis;Dhaka,Chittagong
Barbados;;Barbadian;Bridgetown
Belarus;;Belarusian,Belarusians;Minsk
Belgium;;Belgian,Belgians;Brussels,Antwerp
Belize;;Belizean;Belmopan
Benin;;Beninese;Porto-Novo,Cotonou
Bhutan;;Bhutanese;Thimphu
Bolivia;;Bolivian,Bolivians;La Paz,Sucre,Santa Cruz de la Sierra
Bosnia and Herzegovina;Bosnia;Bosnian,Bosnians;Sarajevo
Botswana;;Botswanan;Gaborone
Brazil;;Brazilian,Brazilians;Brasilia,Brasília,Sao Paulo,São Paulo,Rio de Janeiro,Fortaleza,Belo Horizonte,Manaus,Recife,Porto Alegre
Brunei;;Bruneian;Bandar Seri Begawan
Bulgaria;;Bulgarian,Bulgarians;
Burkina Faso;;Burkinabe,Burkinabé;Ouagadougou,Bobo-Dioulasso
Burundi;;Burundian,Burundians;Bujumbura,Gitega
Cambodia;;Cambodian,Cambodians;Phnom Penh
Cameroon;;Cameroonian,Cameroonians;Yaounde,Yaoundé,Douala
Canada;;Canadian,Canadians;Ottawa,Toronto,Montreal,Vancouver,Calgary,Edmonton
Cape Verde;Cabo Verde;Cape Verdean;Praia
Central African Republic;;Central African;Bangui
Chad (given name too: only its adjective and capital);;Chadian,Chadians;N'Djamena,Ndjamena
Chile;;Chilean,Chileans;Valparaiso,Valparaíso
China;People's Republic of China,PRC,Mainland China;Chinese;Beijing,Shanghai,Guangzhou,Shenzhen,Chongqing,Tianjin,Wuhan,Chengdu,Nanjing,Xi'an,Hangzhou,Shenyang,Harbin
Colombia;;Colombian,Colombians;Bogota,Bogotá,Medellin,Medellín,Cali,Barranquilla
Comoros;;Comorian;Moroni
Democratic Republic of the Congo;DR Congo,DRC,Congo-Kinshasa,Zaire;Congolese;Kinshasa,Lubumbashi,Goma,Kisangani
Republic of the Congo;Congo-Brazzaville;;Brazzaville
Costa Rica;;Costa Rican,Costa Ricans;
Croatia;;Croatian,Croatians,Croat,Croats;Zagreb
Cuba;;Cuban,Cubans;Havana,Santiago de Cuba
Cyprus;;Cypriot,Cypriots;Nicosia
Czech Republic;Czechia;Czech,Czechs;Prague
Denmark;;Danish,Dane,Danes;Copenhagen
Djibouti;;Djiboutian;
Dominican Republic;;Dominican,Dominicans;Santo Domingo
Ecuador;;Ecuadorian,Ecuadorians;Quito,Guayaquil
Egypt;;Egyptian,Egyptians;Cairo,Alexandria,Giza
El Salvador;;Salvadoran,Salvadorans;San Salvador
Equatorial Guinea;;Equatoguinean;Malabo
Eritrea;;Eritrean,Eritreans;Asmara
Estonia;;Estonian,Estonians;Tallinn
Eswatini;Swaziland;Swazi;Mbabane
Ethiopia;;Ethiopian,Ethiopians;Addis Ababa
Fiji;;Fijian,Fijians;Suva
Finland;;Finnish,Finns;Helsinki
France;;French,Frenchman,Frenchmen;Paris,Marseille,Lyon,Toulouse,Lille,Bordeaux,Strasbourg
Gabon;;Gabonese;Libreville
Gambia;The Gambia;Gambian,Gambians;Banjul
Georgia (a US state too: only its adjective and capital);;Georgian,Georgians;Tbilisi
Germany;;German,Germans;Berlin,Hamburg,Munich,München,Cologne,Köln,Frankfurt,Stuttgart,Dusseldorf,Düsseldorf,Dresden,Leipzig
Ghana;;Ghanaian,Ghanaians;Accra,Kumasi
Greece;;Greek,Greeks;Athens,Thessaloniki
Guatemala;;Guatemalan,Guatemalans;Guatemala City
Guinea;;Guinean,Guineans;Conakry
Guinea-Bissau;;Bissau-Guinean;Bissau
Guyana;;Guyanese;
Haiti;;Haitian,Haitians;Port-au-Prince
Honduras;;Honduran,Hondurans;Tegucigalpa,San Pedro Sula
Hungary;;Hungarian,Hungarians;Budapest
Iceland;;Icelandic,Icelander,Icelanders;Reykjavik,Reykjavík
India;;Indian,Indians;New Delhi,Delhi,Mumbai,Bombay,Kolkata,Calcutta,Chennai,Madras,Bangalore,Bengaluru,Hyderabad,Ahmedabad,Pune,Surat,Jaipur,Lucknow,Kanpur,Nagpur
Indonesia;;Indonesian,Indonesians;Jakarta,Surabaya,Bandung,Medan,Semarang,Makassar,Palembang
Iran;Islamic Republic of Iran;Iranian,Iranians,Persian;Tehran,Mashhad,Isfahan,Tabriz,Shiraz
Iraq;;Iraqi,Iraqis;Baghdad,Mosul,Basra,Erbil,Kirkuk,Fallujah,Ramadi,Tikrit
Ireland;Republic of Ireland,Eire;Irish;Dublin,Cork
Israel;;Israeli,Israelis;Tel Aviv,Haifa
Italy;;Italian,Italians;Rome,Milan,Naples,Turin,Palermo,Genoa,Venice,Bologna
Ivory Coast;Côte d'Ivoire,Cote d'Ivoire;Ivorian,Ivorians;Yamoussoukro,Abidjan
Jamaica;;Jamaican,Jamaicans;Kingston
Japan;;Japanese;Tokyo,Osaka,Yokohama,Nagoya,Sapporo,Kobe,Kyoto,Fukuoka,Kawasaki,Hiroshima,Sendai
Jordan;;Jordanian,Jordanians;Amman
Kazakhstan;;Kazakh,Kazakhs,Kazakhstani;Astana,Almaty
Kenya;;Kenyan,Kenyans;Nairobi,Mombasa
Kiribati;;;Tarawa
Kosovo;;Kosovar,Kosovars;Pristina
Kuwait;;Kuwaiti,Kuwaitis;Kuwait City
Kyrgyzstan;;Kyrgyz;Bishkek
Laos;;Laotian,Lao;Vientiane
Latvia;;Latvian,Latvians;Riga
Lebanon;;Lebanese;Beirut
Lesotho;;Basotho;Maseru
Liberia;;Liberian,Liberians;Monrovia
Libya;;Libyan,Libyans;Tripoli,Benghazi,Misrata
Liechtenstein;;;Vaduz
Lithuania;;Lithuanian,Lithuanians;Vilnius
Luxembourg;;Luxembourgish;
Madagascar;;Malagasy;Antananarivo
Malawi;;Malawian,Malawians;Lilongwe,Blantyre
Malaysia;;Malaysian,Malaysians;Kuala Lumpur,Putrajaya
Maldives;;Maldivian,Maldivians;
Mali;;Malian,Malians;Bamako,Timbuktu
Malta;;Maltese;Valletta
Mauritania;;Mauritanian,Mauritanians;Nouakchott
Mauritius;;Mauritian,Mauritians;Port Louis
Mexico;;Mexican,Mexicans;Mexico City,Guadalajara,Monterrey,Puebla,Tijuana,Ciudad Juarez,Ciudad Juárez
Moldova;;Moldovan,Moldovans;Chisinau,Chișinău
Monaco;;Monegasque;
Mongolia;;Mongolian,Mongolians;Ulaanbaatar,Ulan Bator
Montenegro;;Montenegrin,Montenegrins;Podgorica
Morocco;;Moroccan,Moroccans;Rabat,Casablanca,Marrakesh,Fez,Tangier
Mozambique;;Mozambican,Mozambicans;Maputo
Myanmar;Burma;Burmese;Naypyidaw,Yangon,Rangoon,Mandalay
Namibia;;Namibian,Namibians;Windhoek
Nepal;;Nepalese,Nepali,Nepalis;Kathmandu
Netherlands;Holland,The Netherlands;Dutch;Amsterdam,Rotterdam,The Hague
New Zealand;;New Zealander,New Zealanders;Wellington,Auckland,Christchurch
Nicaragua;;Nicaraguan,Nicaraguans;Managua
Niger;;Nigerien,Nigeriens;Niamey
Nigeria;;Nigerian,Nigerians;Abuja,Lagos,Kano,Ibadan,Maiduguri,Port Harcourt,Kaduna,Benin City
North Korea;Democratic People's Republic of Korea,DPRK;North Korean,North Koreans;Pyongyang
North Macedonia;Macedonia;Macedonian,Macedonians;Skopje
Norway;;Norwegian,Norwegians;Oslo
Oman;;Omani,Omanis;Muscat
Pakistan;;Pakistani,Pakistanis;Islamabad,Karachi,Lahore,Faisalabad,Rawalpindi,Peshawar,Quetta,Multan
Palestine;Palestinian territories,State of Palestine,Gaza Strip,Gaza,West Bank;Palestinian,Palestinians;Ramallah,Gaza City
Panama;;Panamanian,Panamanians;Panama City
Papua New Guinea;;Papua New Guinean;Port Moresby
Paraguay;;Paraguayan,Paraguayans;Asuncion,Asunción
Peru;;Peruvian,Peruvians;Lima,Arequipa
Philippines;;Filipino,Filipinos,Philippine;Manila,Quezon City,Davao,Cebu
Poland;;Polish,Poles;Warsaw,Krakow,Kraków,Lodz,Łódź,Wroclaw,Wrocław,Gdansk,Gdańsk
Portugal;;Portuguese;Lisbon,Porto
Qatar;;Qatari,Qataris;Doha
Romania;;Romanian,Romanians;Bucharest
Russia;Russian Federation;Russian,Russians;Moscow,Saint Petersburg,St. Petersburg,Novosibirsk,Yekaterinburg,Kazan,Nizhny Novgorod,Chelyabinsk,Samara,Omsk,Rostov-on-Don,Ufa,Krasnoyarsk,Volgograd,Vladivostok
Rwanda;;Rwandan,Rwandans;Kigali
Saudi Arabia;Kingdom of Saudi Arabia,KSA;Saudi,Saudis,Saudi Arabian;Riyadh,Jeddah,Mecca,Makkah,Medina,Dammam
Senegal;;Senegalese;Dakar
Serbia;;Serbian,Serbians,Serb,Serbs;Belgrade,Novi Sad
Seychelles;;Seychellois;
Sierra Leone;;Sierra Leonean;Freetown
Singapore;;Singaporean,Singaporeans;
Slovakia;;Slovak,Slovaks,Slovakian;Bratislava
Slovenia;;Slovenian,Slovenians,Slovene,Slovenes;Ljubljana
Solomon Islands;;Solomon Islander;Honiara
Somalia;;Somali,Somalis;Mogadishu,Hargeisa,Kismayo
South Africa;;South African,South Africans;Pretoria,Cape Town,Johannesburg,Durban,Bloemfontein,Soweto
South Korea;Republic of Korea,ROK;South Korean,South Koreans;Seoul,Busan,Incheon,Daegu,Daejeon,Gwangju
South Sudan;;South Sudanese;Juba
Spain;;Spanish,Spaniard,Spaniards;Madrid,Barcelona,Valencia,Seville,Zaragoza,Malaga,Málaga,Bilbao
Sri Lanka;Ceylon;Sri Lankan,Sri Lankans;Colombo,Sri Jayawardenepura Kotte
Sudan;;Sudanese;Khartoum,Omdurman
Suriname;;Surinamese;Paramaribo
Sweden;;Swedish,Swede,Swedes;Stockholm,Gothenburg,Malmo,Malmö
Switzerland;;Swiss;Bern,Berne,Zurich,Zürich,Geneva,Basel,Lausanne
Syria;Syrian Arab Republic;Syrian,Syrians;Damascus,Aleppo,Homs,Hama,Latakia,Raqqa,Deir ez-Zor,Idlib
Taiwan;Republic of China,ROC;Taiwanese;Taipei,Kaohsiung,Taichung
Tajikistan;;Tajik,Tajiks;Dushanbe
Tanzania;;Tanzanian,Tanzanians;Dodoma,Dar es Salaam
Thailand;;Thai,Thais;Bangkok
Timor-Leste;East Timor;Timorese;Dili
Togo;;Togolese;Lome,Lomé
Tonga;;Tongan,Tongans;Nuku'alofa
Trinidad and Tobago;Trinidad;Trinidadian;Port of Spain
Tunisia;;Tunisian,Tunisians;Tunis,Sfax
Turkey;Türkiye;Turkish,Turk,Turks;Ankara,Istanbul,Izmir,İzmir,Bursa,Adana,Antalya,Gaziantep,Konya,Diyarbakir,Diyarbakır
Turkmenistan;;Turkmen;Ashgabat
Uganda;;Ugandan,Ugandans;Kampala
Ukraine;;Ukrainian,Ukrainians;Kiev,Kyiv,Kharkiv,Kharkov,Odessa,Odesa,Dnipro,Donetsk,Lviv,Luhansk,Zaporizhzhia
United Arab Emirates;UAE,Emirates;Emirati,Emiratis;Abu Dhabi,Dubai,Sharjah
United Kingdom;UK,U.K.,Britain,Great Britain,England,Scotland,Wales,Northern Ireland;British,Briton,Britons,Scottish,Scots,Welsh;London,Birmingham,Manchester,Glasgow,Edinburgh,Liverpool,Leeds,Belfast,Cardiff
United States;US,U.S.,USA,U.S.A.,United States of America,America;American,Americans;Washington,Washington D.C.,New York,New York City,Los Angeles,Chicago,Houston,Phoenix,Philadelphia,San Antonio,San Diego,Dallas,San Francisco,Seattle,Boston,Miami,Atlanta,Detroit,Denver,Las Vegas
Uruguay;;Uruguayan,Uruguayans;Montevideo
Uzbekistan;;Uzbek,Uzbeks;Tashkent,Samarkand
Vatican City;Vatican,Holy See;;
Venezuela;;Venezuelan,Venezuelans;Caracas,Maracaibo
Vietnam;Viet Nam;Vietnamese;Hanoi,Ho Chi Minh City,Saigon,Da Nang,Haiphong
Yemen;;Yemeni,Yemenis;Sanaa,Sana'a,Aden,Taiz,Hodeidah,Al Hudaydah
Zambia;;Zambian,Zambians;Lusaka
Zimbabwe;;Zimbabwean,Zimbabweans;Harare,Bulawayo
Hong Kong;;Hong Konger,Hongkonger;
Puerto Rico;;Puerto Rican,Puerto Ricans;San Juan
United States;;;Alabama,Alaska,Arizona,Arkansas,California,Colorado,Connecticut,Delaware,Florida,Hawaii,Idaho,Illinois,Indiana,Iowa,Kansas,Kentucky,Louisiana,Maine,Maryland,Massachusetts,Michigan,Minnesota,Mississippi,Missouri,Montana,Nebraska,Nevada,New Hampshire,New Jersey,New Mexico,North Carolina,North Dakota,Ohio,Oklahoma,Oregon,Pennsylvania,Rhode Island,South Carolina,South Dakota,Tennessee,Texas,Utah,Vermont,Virginia,West Virginia,Wisconsin,Wyoming,Puerto Rico
Australia;;;New South Wales,Queensland,Tasmania,Western Australia,South Australia,Northern Territory
-;;;Indian Ocean,Persian Gulf,American Samoa,Native Americans,Islamic State of Iraq,Islamic State of Iraq and the Levant,Islamic State in Iraq and the Levant,Islamic State of Iraq and Syria,Islamic State in Iraq and Syria,Islamic State of Iraq and al-Sham
`;

export interface Gazetteer {
  /** Lower-case name (one to four words) -> country key. */
  names: Map<string, string>;
  longest: number;
  /** Country key -> its name as written ("United States"). */
  display: Map<string, string>;
  /** Lower-case names that are a country itself (its name or an alias, not a demonym or a city). */
  countryNames: Set<string>;
}

const key = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['’.]/g, '')
    .replace(/-/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function build(): Gazetteer {
  const names = new Map<string, string>();
  const display = new Map<string, string>();
  const countryNames = new Set<string>();
  let longest = 1;
  for (const line of TABLE.split('\n')) {
    if (!line.trim()) continue;
    const [country, aliases = '', demonyms = '', cities = ''] = line.split(';');
    // "Chad (...)": the name alone is ambiguous, only the other names count; "-": names that hold a
    // country's name or adjective but name no country ("Indian Ocean").
    const bare = country!.includes('(');
    const id = country === '-' ? '' : key(country!.replace(/\(.*\)/, '')).replace(/ /g, '_');
    if (id && !display.has(id)) display.set(id, country!.replace(/\s*\(.*\)/, '').trim());
    if (id) for (const name of [...(bare ? [] : [country!]), ...aliases.split(',')]) if (key(name)) countryNames.add(key(name));
    for (const name of [...(bare || !id ? [] : [country!]), ...aliases.split(','), ...demonyms.split(','), ...cities.split(',')]) {
      const k = key(name);
      if (!k) continue;
      // The first country to claim a name keeps it (e.g. Georgia the country, not the US state).
      if (!names.has(k)) names.set(k, id);
      longest = Math.max(longest, k.split(' ').length);
    }
  }
  return { names, longest, display, countryNames };
}

let gazetteer: Gazetteer | undefined;
const get = () => (gazetteer ??= build());

/** A country's name as written ("united_states" -> "United States"). */
export function countryName(id: string): string {
  return get().display.get(id) ?? id;
}

/** The member states of the European Union, as country keys. */
const EU_MEMBERS = new Set(
  'austria belgium bulgaria croatia cyprus czech_republic denmark estonia finland france germany greece hungary ireland italy latvia lithuania luxembourg malta netherlands poland portugal romania slovakia slovenia spain sweden'.split(' '),
);

/** Whether a country key (countriesOf) is a member state of the European Union. */
export const inEuropeanUnion = (country: string) => EU_MEMBERS.has(country);

/**
 * The countries a text names, directly or through a demonym, capital or big city, each once, in
 * order of first mention. Only capitalised words count (sentence-initial "Turkey" still counts).
 */
export function countriesOf(text: string): string[] {
  const { names, longest } = get();
  const tokens = [...text.matchAll(/[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+)*\.?/gu)].map((m) => m[0]);
  const found: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!/^\p{Lu}/u.test(tokens[i]!)) continue;
    for (let n = Math.min(longest, tokens.length - i); n >= 1; n--) {
      const span = tokens.slice(i, i + n);
      if (!/^\p{Lu}/u.test(span[n - 1]!)) continue;
      const country = names.get(key(span.join(' ').replace(/['’]s$/, '')));
      if (country !== undefined) {
        if (country && !found.includes(country)) found.push(country);
        i += n - 1;
        break;
      }
    }
  }
  return found;
}

/**
 * A location as people write it, read into city and country: "Oslo, Norway" -> Oslo / Norway,
 * "Austin, Texas, USA" -> "Austin, Texas" / USA, "Norway" -> country only, "Oslo" -> Oslo / Norway
 * (a capital or big city the gazetteer knows). The parts keep the user's own spelling; an unknown
 * single name is taken as the country, as the form's one field asked for a place.
 */
export function parseLocation(text: string): { city: string | null; country: string | null } {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { city: null, country: null };
  if (parts.length > 1) return { city: parts.slice(0, -1).join(', '), country: parts[parts.length - 1]! };
  const only = parts[0]!;
  const { names, display, countryNames } = get();
  const k = key(only);
  if (countryNames.has(k)) return { city: null, country: only };
  const country = names.get(k);
  if (country && display.has(country)) return { city: only, country: display.get(country)! };
  return { city: null, country: only };
}
