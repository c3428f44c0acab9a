/**
 * Facts about the world the built-in engine uses to understand a topic or a profile: places and
 * the names they go by (from the place knowledge layer, server/intelligence/knowledge), the
 * institutions that act for a jurisdiction on a subject, names that mean several things, and
 * subjects too broad to track on their own.
 */
import { lazyArray } from '../../lazy.js';
import { countriesAndGroups, memberOf, namesOf } from '../knowledge/places.js';

export interface Place {
  name: string;
  /** Lower-case spellings matched as whole words (acronyms with or without dots). */
  aliases: string[];
  eu?: boolean;
}

/**
 * Every country and group of countries (the European Union, NATO, the continents, ...) with its
 * names and demonyms as lower-case aliases, and whether it is a member state of the European
 * Union: the place knowledge layer (server/intelligence/knowledge/places.ts) seen as the list
 * this module held by hand. Built on first use. New code asks the knowledge layer instead
 * (placesIn, placeNamed, namesOf, memberOf).
 */
export const PLACES: Place[] = lazyArray(() => {
  const { countries, groups } = countriesAndGroups();
  const alias = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return [...groups, ...countries].map((place) => ({
    name: place.name,
    aliases: [...new Set(namesOf(place).map(alias).filter(Boolean))],
    ...(place.kind === 'country' && memberOf(place.id, 'EU') ? { eu: true } : {}),
  }));
});

/**
 * Regulators by subject and jurisdiction: a topic about drug approvals in the United States
 * involves the FDA, the same topic in the European Union the EMA. 'World' bodies act wherever the
 * topic is (the WTO on tariffs, the WHO on outbreaks).
 */
export const REGULATORS: { cues: string[]; by: Record<string, string[]> }[] = [
  {
    cues: [
      'drug', 'drugs', 'pharma', 'pharmaceutical', 'medical', 'device', 'therapy', 'clinical', 'medicine', 'biotech',
    ],
    by: { 'United States': ['FDA'], 'European Union': ['European Medicines Agency'], 'United Kingdom': ['MHRA'], Japan: ['PMDA'], China: ['NMPA'] },
  },
  {
    cues: [
      'bank', 'banks', 'banking', 'capital', 'lending', 'deposit', 'deposits',
    ],
    by: { 'United States': ['Federal Reserve', 'FDIC', 'OCC'], 'European Union': ['European Central Bank', 'European Banking Authority'], 'United Kingdom': ['Prudential Regulation Authority'] },
  },
  {
    cues: [
      'securities', 'fund', 'funds', 'investment', 'markets', 'crypto', 'fintech', 'disclosure', 'disclosures', 'payments',
      'listed', 'exchange',
    ],
    by: { 'United States': ['SEC'], 'European Union': ['ESMA'], 'United Kingdom': ['Financial Conduct Authority'] },
  },
  { cues: ['insurance', 'insurers', 'reinsurance'], by: { 'European Union': ['EIOPA'], 'United Kingdom': ['Prudential Regulation Authority'] } },
  {
    cues: [
      'monetary', 'interest', 'inflation', 'rate', 'rates',
    ],
    by: {
      'United States': ['Federal Reserve', 'FOMC'],
      'European Union': ['European Central Bank'],
      'United Kingdom': ['Bank of England'],
      Japan: ['Bank of Japan'],
      China: ["People's Bank of China"],
    },
  },
  {
    cues: [
      'data', 'privacy', 'protection', 'gdpr', 'consumer',
    ],
    by: { 'United States': ['FTC'], 'European Union': ['European Data Protection Board', 'European Commission'], 'United Kingdom': ["Information Commissioner's Office"] },
  },
  {
    cues: [
      'ai', 'artificial', 'intelligence', 'algorithm', 'algorithms',
    ],
    by: { 'United States': ['NIST', 'FTC'], 'European Union': ['European AI Office', 'European Commission'], 'United Kingdom': ['AI Security Institute'] },
  },
  {
    cues: [
      'competition', 'antitrust', 'merger', 'mergers', 'monopoly',
    ],
    by: { 'United States': ['Department of Justice', 'FTC'], 'European Union': ['European Commission'], 'United Kingdom': ['Competition and Markets Authority'] },
  },
  {
    cues: [
      'energy', 'electricity', 'grid', 'power', 'gas', 'pipeline', 'nuclear',
    ],
    by: { 'United States': ['FERC', 'Department of Energy', 'Nuclear Regulatory Commission'], 'European Union': ['ACER', 'European Commission'], 'United Kingdom': ['Ofgem'] },
  },
  {
    cues: [
      'environment', 'environmental', 'emissions', 'climate', 'pollution', 'carbon', 'chemicals',
    ],
    by: { 'United States': ['EPA'], 'European Union': ['European Commission', 'European Chemicals Agency'], 'United Kingdom': ['Environment Agency'] },
  },
  {
    cues: [
      'telecom', 'telecommunications', 'spectrum', 'broadband', '5g', 'media',
    ],
    by: { 'United States': ['FCC'], 'European Union': ['BEREC', 'European Commission'], 'United Kingdom': ['Ofcom'] },
  },
  { cues: ['aviation', 'airline', 'airlines', 'aircraft', 'drone', 'drones'], by: { 'United States': ['FAA'], 'European Union': ['EASA'], 'United Kingdom': ['Civil Aviation Authority'] } },
  {
    cues: [
      'vehicle', 'vehicles', 'automotive', 'car', 'cars', 'battery', 'batteries',
    ],
    by: { 'United States': ['NHTSA', 'EPA'], 'European Union': ['European Commission'], 'United Kingdom': ['Department for Transport'] },
  },
  { cues: ['patent', 'patents'], by: { 'United States': ['USPTO'], 'European Union': ['European Patent Office'], 'United Kingdom': ['UK Intellectual Property Office'] } },
  { cues: ['trademark', 'trademarks', 'brand', 'brands'], by: { 'United States': ['USPTO'], 'European Union': ['EUIPO'], 'United Kingdom': ['UK Intellectual Property Office'] } },
  {
    cues: [
      'tariff', 'tariffs', 'trade', 'export', 'exports', 'import', 'imports', 'duties', 'dumping', 'customs',
    ],
    by: {
      World: ['World Trade Organization'],
      'United States': ['USTR', 'Department of Commerce'],
      'European Union': ['European Commission'],
      'United Kingdom': ['Department for Business and Trade'],
    },
  },
  {
    cues: [
      'outbreak', 'outbreaks', 'epidemic', 'pandemic', 'vaccine', 'vaccines', 'vaccination', 'hesitancy', 'infection',
      'infections', 'health',
    ],
    by: { World: ['World Health Organization'], 'United States': ['CDC'], 'European Union': ['ECDC'], 'United Kingdom': ['UK Health Security Agency'] },
  },
];

/**
 * Other names of a body and the parts that act for it: a topic that names one follows them too
 * (documents say "FOMC statement", not "Federal Reserve"). Acronyms that are also words ("WHO")
 * are left out: they would match the word.
 */
export const ALSO_KNOWN: Record<string, string[]> = {
  'Federal Reserve': ['FOMC', 'Federal Open Market Committee', 'Board of Governors'],
  FOMC: ['Federal Open Market Committee', 'Federal Reserve'],
  'Federal Open Market Committee': ['FOMC', 'Federal Reserve'],
  'European Central Bank': ['ECB', 'Governing Council'],
  ECB: ['European Central Bank'],
  'Bank of England': ['Monetary Policy Committee'],
  'Bank of Japan': ['BOJ'],
  SEC: ['Securities and Exchange Commission'],
  'Securities and Exchange Commission': ['SEC'],
  FDA: ['Food and Drug Administration'],
  'Food and Drug Administration': ['FDA'],
  FTC: ['Federal Trade Commission'],
  'Federal Trade Commission': ['FTC'],
  FDIC: ['Federal Deposit Insurance Corporation'],
  OCC: ['Office of the Comptroller of the Currency'],
  EPA: ['Environmental Protection Agency'],
  'European Medicines Agency': ['EMA'],
  WTO: ['World Trade Organization'],
  'World Trade Organization': ['WTO'],
  OPEC: ['Organization of the Petroleum Exporting Countries'],
  NATO: ['North Atlantic Treaty Organization'],
  GDPR: ['General Data Protection Regulation'],
  USPTO: ['Patent and Trademark Office'],
  CDC: ['Centers for Disease Control and Prevention'],
  UNHCR: ['United Nations High Commissioner for Refugees'],
};

/** Laws that say where a topic is: a topic on the GDPR is a European one. */
export const LAW_PLACES: Record<string, string> = {
  gdpr: 'European Union',
  'ai act': 'European Union',
  'digital markets act': 'European Union',
  'digital services act': 'European Union',
  mica: 'European Union',
  'inflation reduction act': 'United States',
  'chips act': 'United States',
  'dodd-frank': 'United States',
  hipaa: 'United States',
};

/** Legislatures by jurisdiction (legislation topics). */
export const LEGISLATURES: Record<string, string[]> = {
  'United States': ['Congress', 'Senate', 'House of Representatives'],
  'European Union': ['European Parliament', 'Council of the EU', 'European Commission'],
  'United Kingdom': ['Parliament', 'House of Commons'],
  Germany: ['Bundestag'],
  France: ['National Assembly'],
  Canada: ['Parliament of Canada'],
  Australia: ['Parliament of Australia'],
  India: ['Parliament of India'],
  Japan: ['National Diet'],
};

export interface Sense {
  /** What the option says ('Which one did you mean?'). */
  text: string;
  /** The topic name once chosen. */
  name: string;
  /** Words that settle the meaning without asking. */
  cues: string[];
}

/** Names that mean several things: asked about unless the words around them settle it. */
export const AMBIGUOUS: Record<string, Sense[]> = {
  apple: [
    { text: 'Apple Inc., the technology company', name: 'Apple Inc.', cues: ['iphone', 'ipad', 'mac', 'ios', 'app store', 'tim cook', 'inc', 'company', 'shares', 'earnings', 'technology', 'tech'] },
    { text: 'Apples, the fruit crop and its trade', name: 'Apple growing and trade', cues: ['fruit', 'orchard', 'harvest', 'crop', 'farming', 'growers', 'cider'] },
  ],
  amazon: [
    { text: 'Amazon.com, the company', name: 'Amazon.com', cues: ['aws', 'prime', 'retail', 'e-commerce', 'ecommerce', 'bezos', 'jassy', 'company', 'shares', 'cloud', 'warehouse'] },
    { text: 'The Amazon rainforest', name: 'Amazon rainforest', cues: ['rainforest', 'deforestation', 'forest', 'brazil', 'indigenous', 'river', 'basin'] },
  ],
  jaguar: [
    { text: 'Jaguar, the car maker', name: 'Jaguar Land Rover', cues: ['car', 'cars', 'land rover', 'jlr', 'vehicle', 'tata', 'electric'] },
    { text: 'Jaguars, the animal', name: 'Jaguar conservation', cues: ['animal', 'wildlife', 'conservation', 'species', 'habitat'] },
  ],
  mercury: [
    { text: 'Mercury, the chemical element and its pollution', name: 'Mercury pollution', cues: ['pollution', 'toxic', 'element', 'emissions', 'minamata', 'contamination'] },
    { text: 'Mercury, the planet', name: 'Mercury planetary science', cues: ['planet', 'bepicolombo', 'messenger', 'orbit', 'space'] },
  ],
  python: [
    { text: 'Python, the programming language', name: 'Python programming language', cues: ['programming', 'language', 'code', 'software', 'pypi', 'developer', 'library'] },
    { text: 'Pythons, the snakes', name: 'Invasive pythons', cues: ['snake', 'snakes', 'everglades', 'invasive', 'reptile'] },
  ],
  java: [
    { text: 'Java, the programming language', name: 'Java programming language', cues: ['programming', 'jdk', 'oracle', 'software', 'developer', 'jvm'] },
    { text: 'Java, the Indonesian island', name: 'Java, Indonesia', cues: ['indonesia', 'island', 'jakarta'] },
  ],
  corona: [
    { text: 'COVID-19 and the coronavirus', name: 'COVID-19', cues: ['virus', 'covid', 'pandemic', 'vaccine', 'coronavirus', 'cases'] },
    { text: 'Corona, the beer brand', name: 'Corona beer brand', cues: ['beer', 'brand', 'ab inbev', 'constellation', 'brewer'] },
  ],
  delta: [
    { text: 'Delta Air Lines', name: 'Delta Air Lines', cues: ['airline', 'air lines', 'flights', 'airlines', 'aviation'] },
    { text: 'The Delta variant of COVID-19', name: 'COVID-19 Delta variant', cues: ['variant', 'covid', 'virus', 'cases'] },
    { text: 'River deltas and their ecology', name: 'River delta ecology', cues: ['river', 'mekong', 'nile', 'sediment', 'flooding'] },
  ],
  shell: [
    { text: 'Shell plc, the energy company', name: 'Shell plc', cues: ['oil', 'gas', 'energy', 'plc', 'royal dutch', 'refinery', 'lng'] },
    { text: 'Shell companies and beneficial ownership', name: 'Shell companies and beneficial ownership', cues: ['companies', 'company', 'ownership', 'laundering', 'offshore', 'beneficial'] },
  ],
  meta: [
    { text: 'Meta Platforms (Facebook, Instagram, WhatsApp)', name: 'Meta Platforms', cues: ['facebook', 'instagram', 'whatsapp', 'zuckerberg', 'platforms', 'llama', 'social'] },
    { text: 'Meta-analyses in research', name: 'Meta-analyses', cues: ['analysis', 'analyses', 'systematic', 'review'] },
  ],
  georgia: [
    { text: 'Georgia, the US state', name: 'Georgia (US state)', cues: ['atlanta', 'state', 'us', 'county', 'governor', 'kemp'] },
    { text: 'Georgia, the country in the Caucasus', name: 'Georgia (country)', cues: ['tbilisi', 'caucasus', 'country', 'russia', 'eu candidate'] },
  ],
  washington: [
    { text: 'Washington, D.C. and the US federal government', name: 'US federal government', cues: ['dc', 'd c', 'white house', 'federal', 'capitol', 'congress'] },
    { text: 'Washington State', name: 'Washington State', cues: ['state', 'seattle', 'olympia', 'county'] },
  ],
  turkey: [
    { text: 'Turkey (Türkiye), the country', name: 'Turkey (Türkiye)', cues: ['ankara', 'istanbul', 'erdogan', 'lira', 'country', 'turkish'] },
    { text: 'Turkey farming and poultry', name: 'Turkey farming', cues: ['poultry', 'bird', 'avian', 'farm', 'farming', 'thanksgiving'] },
  ],
  oracle: [
    { text: 'Oracle Corporation', name: 'Oracle Corporation', cues: ['database', 'cloud', 'corporation', 'ellison', 'software', 'shares'] },
    { text: 'Blockchain oracles', name: 'Blockchain oracles', cues: ['blockchain', 'smart contract', 'defi', 'chainlink'] },
  ],
  target: [
    { text: 'Target Corporation, the retailer', name: 'Target Corporation', cues: ['retailer', 'retail', 'stores', 'corporation', 'shares'] },
    { text: 'Drug targets in research', name: 'Drug target discovery', cues: ['drug', 'protein', 'receptor', 'therapeutic'] },
  ],
  visa: [
    { text: 'Visa Inc., the payments company', name: 'Visa Inc.', cues: ['payments', 'card', 'cards', 'inc', 'mastercard', 'interchange'] },
    { text: 'Visas and immigration rules', name: 'Visa and immigration rules', cues: ['immigration', 'h-1b', 'h1b', 'work', 'travel', 'applicants', 'permit'] },
  ],
  ford: [
    { text: 'Ford Motor Company', name: 'Ford Motor Company', cues: ['motor', 'car', 'cars', 'vehicle', 'f-150', 'auto'] },
    { text: 'The Ford Foundation', name: 'Ford Foundation', cues: ['foundation', 'grant', 'grants', 'philanthropy'] },
  ],
  orange: [
    { text: 'Orange S.A., the telecom operator', name: 'Orange S.A.', cues: ['telecom', 'operator', 'mobile', 'broadband', 's a'] },
    { text: 'Oranges and citrus markets', name: 'Orange and citrus markets', cues: ['citrus', 'juice', 'fruit', 'harvest', 'florida'] },
  ],
  mars: [
    { text: 'Mars, the planet and its exploration', name: 'Mars exploration', cues: ['planet', 'rover', 'nasa', 'spacex', 'mission', 'exploration'] },
    { text: 'Mars, Incorporated (confectionery and pet food)', name: 'Mars, Incorporated', cues: ['confectionery', 'chocolate', 'pet', 'incorporated', 'food'] },
  ],
  jordan: [
    { text: 'Jordan, the country', name: 'Jordan (country)', cues: ['amman', 'country', 'king abdullah', 'refugees'] },
    { text: 'The Jordan River', name: 'Jordan River', cues: ['river', 'water', 'basin'] },
  ],
  rust: [
    { text: 'Rust, the programming language', name: 'Rust programming language', cues: ['programming', 'language', 'cargo', 'crate', 'software', 'memory safety'] },
    { text: 'Corrosion and rust prevention', name: 'Corrosion and rust prevention', cues: ['corrosion', 'steel', 'metal', 'coating'] },
  ],
};

/**
 * Subjects too broad to follow on their own, each with narrower topics to offer as examples.
 * A topic made only of these words (and other generic words) is asked about.
 */
export const BROAD: Record<string, string[]> = {
  technology: ['Artificial intelligence regulation', 'Semiconductor supply chain', 'Cybersecurity incidents', 'Cloud computing market'],
  tech: ['Artificial intelligence regulation', 'Semiconductor supply chain', 'Cybersecurity incidents', 'Cloud computing market'],
  science: ['Large language model research', 'Quantum computing', 'CRISPR gene editing', 'Climate science'],
  health: ['Cancer immunotherapy trials', 'Drug pricing policy', 'Medical device approvals', 'Obesity drugs'],
  healthcare: ['Cancer immunotherapy trials', 'Drug pricing policy', 'Medical device approvals', 'Hospital mergers'],
  medicine: ['Cancer immunotherapy trials', 'Gene therapy approvals', 'Antibiotic resistance', 'Alzheimer’s disease treatments'],
  business: ['Mergers and acquisitions in banking', 'Supply chain disruptions', 'Retail earnings', 'Private equity deals'],
  finance: ['Federal Reserve interest rate decisions', 'Bank capital rules', 'Private equity deals', 'Cryptocurrency regulation'],
  markets: ['Federal Reserve interest rate decisions', 'Oil prices', 'Initial public offerings', 'Corporate bond defaults'],
  economy: ['Inflation and interest rates', 'Labour market data', 'Trade tariffs', 'Recession risk'],
  economics: ['Inflation and interest rates', 'Labour market data', 'Trade tariffs', 'Recession risk'],
  politics: ['US Congress legislation', 'European Parliament elections', 'Sanctions on Russia', 'Immigration policy'],
  law: ['Antitrust cases against big tech', 'Data protection enforcement', 'Supreme Court rulings', 'Securities class actions'],
  legal: ['Antitrust cases against big tech', 'Data protection enforcement', 'Supreme Court rulings', 'Securities class actions'],
  energy: ['Offshore wind projects', 'Oil and gas prices', 'Nuclear power policy', 'Battery storage'],
  environment: ['EU emissions trading', 'Plastic pollution rules', 'Deforestation', 'Climate litigation'],
  climate: ['EU emissions trading', 'Climate litigation', 'Carbon capture projects', 'Extreme weather and insurance'],
  research: ['Large language model research', 'Cancer immunotherapy trials', 'Quantum computing', 'Battery chemistry research'],
  innovation: ['Artificial intelligence startups', 'Battery chemistry research', 'Quantum computing', 'Biotech funding'],
  regulation: ['EU AI Act', 'Bank capital rules', 'Data privacy enforcement', 'Drug approval rules'],
  policy: ['EU AI Act', 'Immigration policy', 'Trade tariffs', 'Climate policy'],
  world: ['Sanctions on Russia', 'Middle East diplomacy', 'European migrant crisis', 'US–China relations'],
  news: ['Federal Reserve interest rate decisions', 'EU AI Act', 'Cybersecurity incidents', 'Sanctions on Russia'],
  industry: ['Semiconductor supply chain', 'Automotive electrification', 'Steel tariffs', 'Chemical safety rules'],
  sports: ['Sports broadcasting rights', 'Doping cases', 'Stadium financing', 'Sports betting regulation'],
  entertainment: ['Streaming industry deals', 'Film and music copyright cases', 'Video game industry', 'Media mergers'],
  education: ['Student loan policy', 'University research funding', 'Education technology', 'School curriculum laws'],
  security: ['Cybersecurity incidents', 'Defence procurement', 'Terrorism threats', 'Export controls'],
  agriculture: ['Crop prices', 'Pesticide regulation', 'Farm subsidies', 'Food security'],
  transport: ['Airline industry', 'Rail infrastructure projects', 'Shipping and port congestion', 'Autonomous vehicles'],
  media: ['Streaming industry deals', 'Press freedom', 'Social media regulation', 'Advertising market'],
};

/** Words that add nothing to a topic on their own ("latest news on ..."). */
export const GENERIC = new Set(
  (
    'news update updates latest stuff thing things information info trend trends development developments topic topics everything anything ' +
    'general important interesting interested report reports insight insights happening happenings current events event world global ' +
    'sector sectors area areas field fields issue issues matter matters question questions related relevant key main big major lot lots ' +
    'track tracking follow following monitor monitoring keep eye want like love need interest interests know learn read'
  ).split(' '),
);

/** Phrases people put in front of a topic that are not part of it. */
export const LEAD_INS = new RegExp(
  String.raw`^(?:(?:` +
    [
      "i(?:'d| would)? (?:like|want|love|need) to (?:track|follow|monitor|watch|know about|read about|hear about|keep up with|keep an eye on)",
      '(?:please )?(?:track|follow|monitor|watch|add)',
      '(?:the )?latest(?: news| updates| developments)? (?:on|about|from|in)',
      '(?:news|updates|developments|information|anything) (?:on|about|from|regarding|in)',
      "what(?:'s| is) (?:new|happening) (?:in|with|on)",
      'keep me (?:posted|updated|informed) (?:on|about)',
      'topics?',
    ].join('|') +
    String.raw`)(?:\s*[:,-])?\s+)+`,
  'i',
);
