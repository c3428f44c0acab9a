import { randomInt } from 'node:crypto';
import type { TTestProfile } from '../../../contract/tools.js';

/**
 * A plausible professional for the Add Test User form (POST /me/generate_test_profile/): a sector
 * persona (titles, organisations, places and interests that belong together) picked and combined
 * by a seeded generator, so the same seed always gives the same profile.
 */
interface Persona {
  titles: string[];
  organizations: string[];
  locations: string[];
  interests: string[];
}

const PERSONAS: Persona[] = [
  {
    titles: ['Head of Regulatory Affairs', 'Clinical Development Director', 'Pharmacovigilance Lead'],
    organizations: ['Novartis', 'Roche', 'Pfizer', 'AstraZeneca'],
    locations: ['Basel, Switzerland', 'Cambridge, United Kingdom', 'New York, United States'],
    interests: ['FDA drug approvals', 'EMA guidance on clinical trials', 'oncology clinical trial results', 'drug pricing legislation', 'biosimilar patent litigation'],
  },
  {
    titles: ['Energy Policy Analyst', 'Head of Power Trading', 'Grid Strategy Manager'],
    organizations: ['Iberdrola', 'Orsted', 'National Grid', 'EDF'],
    locations: ['Madrid, Spain', 'Copenhagen, Denmark', 'London, United Kingdom'],
    interests: ['EU electricity market reform', 'offshore wind auctions', 'FERC transmission rules', 'battery storage deployment', 'carbon border adjustment mechanism'],
  },
  {
    titles: ['Chief Risk Officer', 'Fixed Income Strategist', 'Head of Treasury'],
    organizations: ['Deutsche Bank', 'BNP Paribas', 'JPMorgan Chase', 'ING'],
    locations: ['Frankfurt, Germany', 'Paris, France', 'New York, United States'],
    interests: ['Federal Reserve interest rate decisions', 'ECB monetary policy', 'Basel III capital requirements', 'bank stress tests', 'SEC enforcement actions'],
  },
  {
    titles: ['Technology Policy Counsel', 'Head of AI Governance', 'Privacy Officer'],
    organizations: ['Microsoft', 'SAP', 'Salesforce', 'Spotify'],
    locations: ['Brussels, Belgium', 'Dublin, Ireland', 'Washington, United States'],
    interests: ['EU AI Act implementation', 'GDPR enforcement decisions', 'Digital Markets Act compliance', 'US state privacy legislation', 'large language model research'],
  },
  {
    titles: ['Supply Chain Director', 'Semiconductor Industry Analyst', 'Head of Procurement'],
    organizations: ['ASML', 'Infineon', 'Texas Instruments', 'GlobalFoundries'],
    locations: ['Eindhoven, Netherlands', 'Munich, Germany', 'Austin, United States'],
    interests: ['CHIPS Act funding', 'export controls on semiconductors', 'chip patent filings', 'rare earth supply chains', 'foundry capacity expansion'],
  },
  {
    titles: ['Litigation Partner', 'General Counsel', 'Antitrust Associate'],
    organizations: ['Clifford Chance', 'Baker McKenzie', 'Latham & Watkins', 'Freshfields'],
    locations: ['London, United Kingdom', 'Chicago, United States', 'Hong Kong'],
    interests: ['merger control decisions', 'Supreme Court rulings on arbitration', 'class action securities litigation', 'European Commission antitrust fines', 'trademark disputes'],
  },
  {
    titles: ['Climate Risk Analyst', 'Head of Underwriting', 'Catastrophe Modeller'],
    organizations: ['Munich Re', 'Swiss Re', 'Allianz', 'AXA'],
    locations: ['Munich, Germany', 'Zurich, Switzerland', 'Paris, France'],
    interests: ['extreme weather losses', 'climate disclosure rules', 'insurance solvency regulation', 'flood risk research', 'wildfire liability litigation'],
  },
  {
    titles: ['Agricultural Economist', 'Food Safety Manager', 'Commodity Analyst'],
    organizations: ['Cargill', 'Nestle', 'Bunge', 'Danone'],
    locations: ['Minneapolis, United States', 'Vevey, Switzerland', 'Sao Paulo, Brazil'],
    interests: ['EU deforestation regulation', 'USDA crop reports', 'food safety recalls', 'fertilizer prices', 'plant variety patents'],
  },
];

const FIRST_NAMES = ['Alex', 'Maria', 'Jonas', 'Priya', 'Chen', 'Fatima', 'Lucas', 'Amara', 'Sofia', 'Kenji', 'Elena', 'Omar', 'Hannah', 'Mateo', 'Ingrid', 'Samuel'];
const LAST_NAMES = ['Schmidt', 'Garcia', 'Okafor', 'Nakamura', 'Rossi', 'Kowalski', 'Haddad', 'Lindqvist', 'Dubois', 'Patel', 'Moreau', 'Fischer', 'Silva', 'Kim', 'Novak', 'Brennan'];

/** mulberry32: a small, well-distributed 32-bit generator. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateTestProfile(seed: number = randomInt(2 ** 31 - 1)): TTestProfile {
  const next = generator(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const persona = pick(PERSONAS);
  // Three distinct interests (a partial Fisher-Yates shuffle).
  const pool = [...persona.interests];
  for (let i = 0; i < 3; i++) {
    const j = i + Math.floor(next() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const interests = pool.slice(0, 3);
  return {
    first_name: pick(FIRST_NAMES),
    last_name: pick(LAST_NAMES),
    title: pick(persona.titles),
    organization: pick(persona.organizations),
    location: pick(persona.locations),
    interests: interests.join(', '),
    seed,
  };
}
