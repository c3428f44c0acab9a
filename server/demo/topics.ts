import type { NewTopic } from '../modules/user-topics/topics.js';

/** Topics of the demo user, chosen to match the bundled corpus (fixtures/demo). */
export const DEMO_TOPICS: NewTopic[] = [
  {
    name: 'Federal Reserve monetary policy',
    description:
      'Decisions and statements of the Federal Open Market Committee and the Federal Reserve Board on interest rates, asset purchases, emergency lending facilities and the economic outlook, and how markets and banks are expected to be affected by them.',
    informationSought: 'Rate decisions, new or changed facilities, projections, dissents and the reasons given.',
    query: 'Federal Reserve FOMC federal funds rate target range monetary policy statement discount rate asset purchases liquidity facility economic projections',
    keyEvents: ['Federal funds rate target changed', 'New lending or liquidity facility', 'FOMC statement or minutes released', 'Discount rate changed', 'Economic projections released', 'Swap lines with other central banks'],
    keyEntities: ['Federal Reserve', 'Federal Open Market Committee', 'FOMC', 'Board of Governors', 'Ben Bernanke', 'Janet Yellen', 'Alan Greenspan'],
    keyPlaces: ['United States', 'U.S.', 'Washington'],
    sources: [1, 2, 6],
    relevanceMatrix: {
      action_outcome: { high: 'A change to rates or a new facility', medium: 'Minutes, projections or testimony', low: 'Routine announcements' },
      entities: { high: 'The FOMC or the Board acts', medium: 'A Reserve Bank or governor speaks', low: 'The Fed is mentioned in passing' },
      places: { high: 'United States', medium: 'Major economies linked by swap lines', low: 'Elsewhere' },
    },
  },
  {
    name: 'European migrant crisis',
    description:
      'Movements of refugees and migrants into Europe, border closures and reopenings, asylum quotas, rescues and deaths at sea, and the responses of the European Union and national governments.',
    informationSought: 'Policy decisions, border measures, numbers of arrivals and casualties, agreements between states.',
    query: 'migrants refugees asylum Europe border Hungary Germany Austria Greece Mediterranean European Union quota',
    keyEvents: ['Border closed or reopened', 'Asylum quota agreed', 'Shipwreck or deaths of migrants', 'Emergency summit', 'New fence or border control', 'Large arrivals reported'],
    keyEntities: ['European Union', 'EU', 'UNHCR', 'Angela Merkel', 'Viktor Orbán', 'Frontex', 'migrants', 'refugees', 'asylum seekers'],
    keyPlaces: ['Hungary', 'Germany', 'Austria', 'Greece', 'Croatia', 'Serbia', 'Mediterranean Sea', 'Italy'],
    sources: [1],
    relevanceMatrix: {
      action_outcome: { high: 'A government or the EU decides a measure', medium: 'Arrivals or casualties reported', low: 'Commentary' },
      entities: { high: 'EU institutions or national governments', medium: 'Agencies and NGOs', low: 'Others' },
      places: { high: 'EU member states and borders', medium: 'Transit countries', low: 'Elsewhere' },
    },
  },
  {
    name: 'Lumbar disc herniation treatments',
    description:
      'Clinical trials and studies of treatments for herniated lumbar and cervical discs and sciatica: surgery, injections, devices, physical therapy and their outcomes for pain and function.',
    informationSought: 'New trials, results, safety findings and comparisons of treatments.',
    query: 'herniated disc lumbar disc herniation sciatica discectomy epidural injection ozone radiculopathy trial outcome pain',
    keyEvents: ['Trial started or completed', 'Results reported', 'Safety finding', 'Device approval', 'Comparison of surgery and therapy', 'New technique studied'],
    keyEntities: ['herniated disc', 'disc herniation', 'sciatica', 'discectomy', 'FDA'],
    keyPlaces: [],
    sources: [9, 4],
    relevanceMatrix: {
      action_outcome: { high: 'Results or a new trial', medium: 'Protocol changes', low: 'Background' },
      entities: { high: 'Trial sponsors and regulators', medium: 'Investigators', low: 'Others' },
      places: { high: 'Any', medium: 'Any', low: 'Any' },
    },
  },
  {
    name: 'Large language model research',
    description:
      'New research on large language models and multimodal models: reasoning, efficiency, evaluation benchmarks, safety and alignment, agents and retrieval, as published on arXiv.',
    informationSought: 'New methods, benchmark results, efficiency gains and safety findings.',
    query: 'large language model LLM reasoning benchmark transformer multimodal agent retrieval alignment fine-tuning efficiency',
    keyEvents: ['New model or method', 'New benchmark', 'State-of-the-art result', 'Safety or alignment finding', 'Efficiency improvement', 'Agent framework'],
    keyEntities: ['large language model', 'language model', 'LLM', 'LLMs', 'GPT'],
    keyPlaces: [],
    sources: [4],
    relevanceMatrix: {
      action_outcome: { high: 'A new method with measured gains', medium: 'An evaluation or survey', low: 'A position paper' },
      entities: { high: 'Language models', medium: 'Vision or speech models', low: 'Other machine learning' },
      places: { high: 'Any', medium: 'Any', low: 'Any' },
    },
  },
  {
    name: 'Banking and securities regulation',
    description:
      'Rules, notices and proposals from banking and securities regulators: capital requirements, stress tests, self-regulatory organisation rule changes and enforcement, as published in the Federal Register and on regulations.gov.',
    informationSought: 'Final and proposed rules, comment periods, effective dates and who must comply.',
    query: 'regulatory capital rule banking organizations FDIC OCC Federal Reserve SEC self-regulatory organization proposed rule change final rule comment period',
    keyEvents: ['Final rule published', 'Proposed rule published', 'Comment period opened', 'Rule change filed by an exchange', 'Enforcement action', 'Correction issued'],
    keyEntities: ['FDIC', 'OCC', 'Federal Reserve', 'SEC', 'FINRA', 'Securities and Exchange Commission', 'Federal Deposit Insurance Corporation'],
    keyPlaces: ['United States', 'U.S.'],
    sources: [6, 5],
    relevanceMatrix: {
      action_outcome: { high: 'A final rule or enforcement', medium: 'A proposal or comment period', low: 'Notices of meetings' },
      entities: { high: 'Banking regulators', medium: 'Securities regulators and SROs', low: 'Other agencies' },
      places: { high: 'United States', medium: 'Any', low: 'Any' },
    },
  },
];
