/**
 * What the built-in engine knows about kinds of topics: the words that signal each kind, the
 * developments a reader of that kind of topic wants (key events), what counts as high, medium and
 * low relevance, and which collections carry it. A topic is classified by its words and by the
 * documents the store holds about it; the profile of the topic is then written from its domain.
 * Collection ids: contract/collections.ts (1 News, 4 Scientific studies, 5 Legislation,
 * 6 Regulations, 7 Litigation, 9 Clinical trials, 10 Patents, 11 Trademarks).
 */
export interface Domain {
  key: string;
  /** Words and phrases that signal the domain (compared as stemmed terms). */
  cues: string[];
  sources: number[];
  /** Developments the reader wants, most important first (at least 8). */
  events: string[];
  /** Noun phrase for the first sentence of a description: "<scope> concerning <subject>". */
  scope: string;
  sought: string;
  queryTerms: string[];
  /** Relevance levels of the action/outcome dimension for a subject. */
  outcome(subject: string): { high: string; medium: string; low: string };
  /** Whether where something happens decides relevance (jurisdictions, conflicts). */
  placeSensitive: boolean;
}

export const DOMAINS: Domain[] = [
  {
    key: 'regulation',
    cues: ['regulation', 'regulatory', 'regulator', 'rule', 'rules', 'rulemaking', 'compliance', 'directive', 'guidance', 'agency', 'enforcement', 'gdpr', 'data protection', 'privacy', 'licensing', 'supervision', 'capital requirements', 'policy', 'oversight', 'standards', 'ai act', 'sec', 'epa', 'fcc', 'ftc', 'esma', 'eba'],
    sources: [6, 5, 1],
    events: [
      'Proposed rule or consultation published',
      'Final rule or regulation adopted',
      'Guidance or interpretation issued',
      'Comment period opened or extended',
      'Enforcement action, fine or settlement',
      'Compliance deadline or effective date reached',
      'Rule challenged in court',
      'Regulator leadership or mandate changed',
    ],
    scope: 'Rules, guidance, consultations and enforcement',
    sought: 'Proposed and final rules, consultations and comment deadlines, effective dates, who must comply, and enforcement actions with their penalties.',
    queryTerms: ['rule', 'regulation', 'proposed', 'final', 'guidance', 'compliance', 'enforcement', 'agency', 'comment', 'requirements'],
    outcome: (s) => ({ high: `A regulator adopts, proposes or enforces a rule on ${s}`, medium: `Consultations, guidance, hearings or official statements on ${s}`, low: `Commentary or background on the rules for ${s}` }),
    placeSensitive: true,
  },
  {
    key: 'legislation',
    cues: ['bill', 'legislation', 'legislative', 'law', 'lawmaker', 'congress', 'parliament', 'senate', 'statute', 'amendment', 'ratification', 'act', 'bundestag', 'house of representatives'],
    sources: [5, 1, 6],
    events: [
      'Bill introduced',
      'Committee hearing or markup held',
      'Bill passed by a chamber',
      'Bill signed into law or vetoed',
      'Amendment adopted',
      'Implementation deadline set',
      'Law challenged in court',
      'Draft law put to consultation',
    ],
    scope: 'Bills, votes, amendments and new laws',
    sought: 'Bills introduced and their sponsors, committee action, votes, amendments, laws enacted and when they take effect.',
    queryTerms: ['bill', 'legislation', 'law', 'vote', 'amendment', 'committee', 'passed', 'introduced', 'lawmakers'],
    outcome: (s) => ({ high: `A bill on ${s} is passed, signed or defeated`, medium: `A bill on ${s} is introduced, amended or debated in committee`, low: `Statements by lawmakers about ${s}` }),
    placeSensitive: true,
  },
  {
    key: 'litigation',
    cues: ['lawsuit', 'litigation', 'court', 'judge', 'court ruling', 'verdict', 'appeal', 'antitrust', 'settlement', 'class action', 'injunction', 'prosecution', 'indictment', 'legal', 'lawsuits', 'trial court', 'supreme court', 'tribunal', 'arbitration'],
    sources: [7, 1],
    events: [
      'Lawsuit filed',
      'Motion or injunction granted',
      'Ruling or verdict issued',
      'Appeal filed or decided',
      'Settlement reached',
      'Charges brought by a prosecutor or regulator',
      'Class action certified',
      'Damages or penalties awarded',
    ],
    scope: 'Lawsuits, rulings, appeals and settlements',
    sought: 'Who sued whom and why, court rulings and their reasoning, appeals, settlements and the amounts at stake.',
    queryTerms: ['lawsuit', 'court', 'ruling', 'judge', 'appeal', 'settlement', 'plaintiff', 'defendant', 'filed'],
    outcome: (s) => ({ high: `A court rules or a case about ${s} is settled`, medium: `A lawsuit about ${s} is filed or a motion is argued`, low: `Commentary on legal risk around ${s}` }),
    placeSensitive: true,
  },
  {
    key: 'clinical',
    cues: ['clinical', 'trial', 'drug', 'therapy', 'treatment', 'disease', 'cancer', 'oncology', 'vaccine', 'patient', 'diabetes', 'alzheimer', 'obesity', 'medical device', 'fda', 'ema', 'biotech', 'pharma', 'pharmaceutical', 'medicine', 'medical', 'health', 'healthcare', 'hospital', 'diagnosis', 'gene therapy', 'antibody', 'immunotherapy', 'surgery', 'sciatica', 'disc herniation', 'covid', 'pandemic', 'epidemic', 'virus'],
    sources: [9, 4, 1, 6],
    events: [
      'Clinical trial started or recruiting',
      'Trial results reported',
      'Regulatory approval or rejection',
      'Safety warning or recall',
      'New study published',
      'New indication or label expansion',
      'Pricing or reimbursement decision',
      'Licensing deal or partnership',
    ],
    scope: 'Trials, studies, approvals and safety findings',
    sought: 'New and completed trials with their endpoints and results, approvals and rejections, safety signals, and how treatments compare.',
    queryTerms: ['trial', 'patients', 'study', 'treatment', 'results', 'efficacy', 'safety', 'approval', 'phase', 'outcome'],
    outcome: (s) => ({ high: `Results, approvals or safety findings about ${s}`, medium: `A new trial or study of ${s} starts or changes its protocol`, low: `Background or reviews mentioning ${s}` }),
    placeSensitive: false,
  },
  {
    key: 'research',
    cues: ['research', 'study', 'science', 'scientific', 'algorithm', 'physics', 'chemistry', 'biology', 'genome', 'genomics', 'quantum', 'machine learning', 'artificial intelligence', 'ai', 'neural network', 'dataset', 'benchmark', 'materials', 'astronomy', 'robotics', 'deep learning', 'llm', 'language model', 'reinforcement learning', 'computer vision', 'crispr', 'fusion', 'superconductor', 'arxiv', 'paper'],
    sources: [4, 1, 10],
    events: [
      'New method or model published',
      'State-of-the-art result reported',
      'New dataset or benchmark released',
      'Replication or critique published',
      'Major grant or research programme announced',
      'Breakthrough applied in practice',
      'Safety or ethics finding',
      'Open-source release',
    ],
    scope: 'New research, methods and results',
    sought: 'New methods and what they improve, benchmark results, datasets, replications and critiques, and findings on safety or limits.',
    queryTerms: ['research', 'method', 'results', 'model', 'benchmark', 'study', 'paper', 'performance', 'evaluation', 'dataset'],
    outcome: (s) => ({ high: `A new method or measured result on ${s}`, medium: `A survey, evaluation or dataset about ${s}`, low: `A position paper or passing mention of ${s}` }),
    placeSensitive: false,
  },
  {
    key: 'technology',
    cues: ['technology', 'software', 'hardware', 'chip', 'chips', 'semiconductor', 'cloud', 'cybersecurity', 'cyber', 'hack', 'breach', 'ransomware', 'smartphone', 'app', 'platform', 'battery', 'batteries', 'electric vehicle', 'ev', '5g', 'data center', 'startup', 'internet', 'robot', 'drone', 'satellite', 'self-driving', 'autonomous', 'blockchain', 'crypto', 'cryptocurrency', 'bitcoin', 'fintech'],
    sources: [1, 10, 6],
    events: [
      'Product or technology launched',
      'Funding round or acquisition',
      'Partnership announced',
      'Security breach or outage',
      'Export control or trade restriction',
      'Patent filed or granted',
      'Factory or capacity investment',
      'Market share or sales figures reported',
    ],
    scope: 'Products, deals, investments and incidents',
    sought: 'Launches and what they change, funding and acquisitions, capacity and supply, security incidents, and the rules that constrain the market.',
    queryTerms: ['launch', 'technology', 'market', 'investment', 'acquisition', 'partnership', 'supply', 'capacity', 'security', 'companies'],
    outcome: (s) => ({ high: `A launch, deal, investment or incident that changes ${s}`, medium: `Market figures, forecasts or partnerships in ${s}`, low: `Opinion or background on ${s}` }),
    placeSensitive: false,
  },
  {
    key: 'monetary',
    cues: ['interest rate', 'interest rates', 'inflation', 'central bank', 'central banks', 'federal reserve', 'fed', 'fomc', 'ecb', 'monetary', 'monetary policy', 'bank of england', 'bank of japan', 'rate decision', 'rate decisions', 'quantitative easing', 'yields', 'bond', 'bonds', 'currency', 'dollar', 'euro', 'gdp', 'recession', 'economy', 'economic', 'unemployment', 'jobs report'],
    sources: [1, 6],
    events: [
      'Interest rate decision',
      'Policy statement or minutes released',
      'Economic projections published',
      'Inflation or jobs data released',
      'Asset purchases or balance sheet changed',
      'Emergency lending or liquidity facility',
      'Speech or testimony by a policymaker',
      'Sharp move in bonds or currencies',
    ],
    scope: 'Policy decisions, data and market reactions',
    sought: 'Rate decisions and the votes and reasons behind them, projections, new facilities, the data that drives policy, and how markets respond.',
    queryTerms: ['rate', 'inflation', 'policy', 'decision', 'statement', 'economic', 'projections', 'committee', 'target', 'percent'],
    outcome: (s) => ({ high: `A rate decision, new facility or policy shift on ${s}`, medium: `Minutes, projections, data or speeches about ${s}`, low: `Market commentary on ${s}` }),
    placeSensitive: true,
  },
  {
    key: 'markets',
    cues: ['stock', 'stocks', 'equity', 'market', 'markets', 'earnings', 'ipo', 'merger', 'acquisition', 'bank', 'banking', 'credit', 'commodity', 'payments', 'investment', 'fund', 'private equity', 'venture capital', 'insurance', 'trade', 'shares', 'investors'],
    sources: [1, 6],
    events: [
      'Interest rate or policy decision',
      'Earnings or results released',
      'Merger or acquisition announced',
      'Funding round or IPO',
      'Economic data released',
      'Credit rating changed',
      'Supervisory or capital action',
      'Sharp market move or disruption',
    ],
    scope: 'Decisions, deals, results and market moves',
    sought: 'Policy and rate decisions with the reasons given, results against expectations, deals and their terms, and data that moves markets.',
    queryTerms: ['market', 'rate', 'decision', 'earnings', 'deal', 'investors', 'prices', 'growth', 'forecast', 'billion'],
    outcome: (s) => ({ high: `A decision, deal or result that moves ${s}`, medium: `Data, forecasts or statements about ${s}`, low: `Market commentary touching on ${s}` }),
    placeSensitive: true,
  },
  {
    key: 'geopolitics',
    cues: ['war', 'conflict', 'military', 'sanctions', 'election', 'elections', 'government', 'diplomacy', 'treaty', 'summit', 'migration', 'migrant', 'migrants', 'refugee', 'refugees', 'asylum', 'border', 'protest', 'coup', 'terrorism', 'nato', 'united nations', 'defense', 'defence', 'tariff', 'tariffs', 'trade war', 'ceasefire', 'humanitarian', 'crisis'],
    sources: [1, 5],
    events: [
      'Military action or ceasefire',
      'Sanctions imposed or lifted',
      'Election held or called',
      'Agreement or summit between states',
      'Government policy shift',
      'Humanitarian crisis or displacement',
      'Trade measure or tariff',
      'Security incident or attack',
    ],
    scope: 'Decisions, confrontations and agreements',
    sought: 'What governments and armed groups decided or did, casualties and displacement, agreements and sanctions, and the reactions of other states.',
    queryTerms: ['government', 'minister', 'talks', 'agreement', 'forces', 'sanctions', 'border', 'president', 'officials', 'crisis'],
    outcome: (s) => ({ high: `A government or armed group acts on ${s}`, medium: `Casualties, displacement, talks or statements about ${s}`, low: `Analysis or commentary on ${s}` }),
    placeSensitive: true,
  },
  {
    key: 'energy',
    cues: ['energy', 'oil', 'gas', 'lng', 'renewable', 'renewables', 'solar', 'wind', 'nuclear', 'hydrogen', 'grid', 'power', 'electricity', 'climate', 'emissions', 'carbon', 'net zero', 'esg', 'coal', 'lithium', 'mining', 'storage', 'pipeline', 'utility', 'utilities', 'offshore wind'],
    sources: [1, 6, 5, 4],
    events: [
      'Project approved, started or cancelled',
      'Policy, subsidy or target announced',
      'Price or supply shock',
      'Emissions or climate data published',
      'Major deal or investment',
      'Permit or licensing decision',
      'Technology milestone',
      'Accident, outage or disruption',
    ],
    scope: 'Projects, policies, prices and supply',
    sought: 'Projects and investments, policy targets and subsidies, permits, prices and supply, and the emissions figures behind them.',
    queryTerms: ['energy', 'project', 'capacity', 'prices', 'supply', 'emissions', 'investment', 'policy', 'production', 'power'],
    outcome: (s) => ({ high: `A project, policy or supply change in ${s}`, medium: `Prices, forecasts or data on ${s}`, low: `Commentary on ${s}` }),
    placeSensitive: true,
  },
  {
    key: 'ip',
    cues: ['patent', 'patents', 'trademark', 'trademarks', 'intellectual property', 'ip', 'brand', 'copyright', 'infringement', 'uspto', 'epo'],
    sources: [10, 11, 7, 1],
    events: [
      'Patent application published',
      'Patent granted',
      'Trademark filed or registered',
      'Infringement suit filed',
      'Opposition or invalidity ruling',
      'Licensing deal signed',
      'Patent office policy changed',
      'Intellectual property dispute settled',
    ],
    scope: 'Filings, grants, disputes and licences',
    sought: 'Who filed or was granted what, the claims that matter, infringement disputes and their outcomes, and licensing terms.',
    queryTerms: ['patent', 'trademark', 'application', 'granted', 'filed', 'claims', 'infringement', 'license', 'invention'],
    outcome: (s) => ({ high: `A grant, ruling or licence about ${s}`, medium: `New filings about ${s}`, low: `Mentions of ${s} in other filings` }),
    placeSensitive: false,
  },
];

/** A company or other organisation as the subject (chosen when the topic names one). */
export const COMPANY_DOMAIN: Domain = {
  key: 'company',
  cues: ['company', 'corporation', 'inc', 'ltd', 'plc', 'group', 'holdings', 'competitors', 'competitor'],
  sources: [1, 7, 10, 11, 6],
  events: [
    'Quarterly results or guidance',
    'Leadership change',
    'Merger, acquisition or divestment',
    'Product launch or recall',
    'Regulatory investigation or fine',
    'Lawsuit filed or settled',
    'Major contract or partnership',
    'Layoffs, expansion or restructuring',
  ],
  scope: 'Strategy, results, deals, products and legal matters',
  sought: 'Results and guidance, leadership and strategy, deals, launches and recalls, investigations and lawsuits, and what they mean for competitors and customers.',
  queryTerms: ['company', 'results', 'revenue', 'chief executive', 'deal', 'launch', 'shares', 'lawsuit', 'investigation', 'announced'],
  outcome: (s) => ({ high: `${s} announces results, a deal, a launch or faces legal action`, medium: `Analysts, partners or competitors discuss ${s}`, low: `${s} is mentioned in passing` }),
  placeSensitive: false,
};

/** When nothing more specific fits. */
export const GENERAL_DOMAIN: Domain = {
  key: 'general',
  cues: [],
  sources: [1, 4, 6],
  events: [
    'Major announcement',
    'Policy or regulatory change',
    'New data or report published',
    'Deal, partnership or investment',
    'Legal action or ruling',
    'Leadership or organisational change',
    'Product, project or programme launched',
    'Incident or disruption',
  ],
  scope: 'Announcements, decisions, data and events',
  sought: 'What changed, who decided it, the figures involved, and what happens next.',
  queryTerms: ['announced', 'report', 'new', 'policy', 'data', 'plan', 'decision', 'officials', 'change'],
  outcome: (s) => ({ high: `A decision, result or event that changes ${s}`, medium: `Reports, data or statements about ${s}`, low: `Passing mentions of ${s}` }),
  placeSensitive: false,
};

export const ALL_DOMAINS = [...DOMAINS, COMPANY_DOMAIN, GENERAL_DOMAIN];
