/**
 * What the built-in engine knows about professional profiles: which words point to which
 * industry (contract/collections.ts INDUSTRIES), what people in a role are responsible for, and
 * topics worth following in each industry.
 */

export interface IndustryKnowledge {
  value: string;
  cues: string[];
  /** Topics worth suggesting to someone in this industry. */
  topics: { name: string; sources: number[] }[];
}

export const INDUSTRY_KNOWLEDGE: IndustryKnowledge[] = [
  {
    value: 'aerospace_defense',
    cues: [
      'aerospace', 'defense', 'defence', 'aircraft', 'aviation', 'military', 'missile', 'satellite', 'space', 'boeing',
      'airbus', 'lockheed',
    ],
    topics: [
      { name: 'Defence procurement contracts', sources: [1, 6] },
      { name: 'Commercial aircraft orders and deliveries', sources: [1] },
      { name: 'Space launch industry', sources: [1, 10] },
      { name: 'Export controls on defence technology', sources: [6, 5, 1] },
    ],
  },
  {
    value: 'agriculture',
    cues: [
      'agriculture', 'farming', 'farm', 'food', 'crop', 'crops', 'fertilizer', 'pesticide', 'livestock', 'grain',
      'agritech',
    ],
    topics: [
      { name: 'Crop prices and harvests', sources: [1] },
      { name: 'Pesticide regulation', sources: [6, 1, 7] },
      { name: 'Food safety recalls', sources: [1, 6] },
      { name: 'Farm subsidies and trade', sources: [5, 1] },
    ],
  },
  {
    value: 'automotive',
    cues: [
      'automotive', 'car', 'cars', 'vehicle', 'vehicles', 'ev', 'electric vehicle', 'mobility', 'autonomous',
      'self-driving', 'tesla', 'toyota', 'volkswagen',
    ],
    topics: [
      { name: 'Electric vehicle market', sources: [1, 10] },
      { name: 'Vehicle safety recalls', sources: [1, 6] },
      { name: 'Autonomous driving regulation', sources: [6, 5, 1] },
      { name: 'Battery supply chain', sources: [1, 10] },
    ],
  },
  {
    value: 'banking',
    cues: [
      'bank', 'banking', 'banker', 'capital markets', 'lending', 'credit', 'payments', 'fintech', 'treasury', 'trading',
      'securities',
    ],
    topics: [
      { name: 'Federal Reserve monetary policy', sources: [1, 6] },
      { name: 'Banking regulation and capital rules', sources: [6, 5] },
      { name: 'Fintech and digital payments', sources: [1, 6] },
      { name: 'Anti-money laundering enforcement', sources: [6, 7, 1] },
      { name: 'Bank mergers and acquisitions', sources: [1] },
    ],
  },
  {
    value: 'biotech_pharma',
    cues: [
      'biotech', 'biotechnology', 'pharma', 'pharmaceutical', 'pharmaceuticals', 'drug', 'drugs', 'therapeutics',
      'vaccine', 'vaccines', 'clinical', 'oncology', 'life sciences', 'pfizer', 'moderna',
    ],
    topics: [
      { name: 'FDA drug approvals', sources: [6, 1, 9] },
      { name: 'Oncology clinical trials', sources: [9, 4] },
      { name: 'Drug pricing policy', sources: [5, 6, 1] },
      { name: 'Biotech licensing deals', sources: [1] },
      { name: 'Gene therapy research', sources: [4, 9] },
    ],
  },
  {
    value: 'chemicals',
    cues: [
      'chemical', 'chemicals', 'materials', 'polymer', 'plastics', 'coatings', 'specialty chemicals',
    ],
    topics: [
      { name: 'Chemical safety regulation', sources: [6, 5] },
      { name: 'PFAS restrictions', sources: [6, 7, 1] },
      { name: 'Advanced materials research', sources: [4, 10] },
    ],
  },
  {
    value: 'construction',
    cues: [
      'construction', 'real estate', 'property', 'housing', 'building', 'infrastructure', 'reit', 'mortgage',
    ],
    topics: [
      { name: 'Housing market and mortgage rates', sources: [1] },
      { name: 'Infrastructure spending', sources: [5, 1] },
      { name: 'Commercial real estate', sources: [1] },
      { name: 'Building codes and energy standards', sources: [6, 5] },
    ],
  },
  {
    value: 'consulting',
    cues: [
      'consulting', 'consultant', 'advisory', 'professional services', 'accounting', 'audit', 'auditor',
    ],
    topics: [
      { name: 'Audit and accounting standards', sources: [6, 1] },
      { name: 'Corporate governance rules', sources: [6, 5] },
      { name: 'Artificial intelligence adoption in business', sources: [1, 4] },
    ],
  },
  {
    value: 'consumer',
    cues: [
      'consumer', 'retail', 'retailer', 'e-commerce', 'ecommerce', 'brands', 'apparel', 'fashion', 'grocery', 'cpg',
      'luxury',
    ],
    topics: [
      { name: 'Retail sales and consumer spending', sources: [1] },
      { name: 'E-commerce competition', sources: [1, 7] },
      { name: 'Product safety recalls', sources: [1, 6] },
      { name: 'Trademark disputes in consumer brands', sources: [11, 7] },
    ],
  },
  {
    value: 'education',
    cues: [
      'education', 'university', 'universities', 'school', 'schools', 'academic', 'professor', 'teaching', 'edtech',
      'student', 'students',
    ],
    topics: [
      { name: 'Research funding policy', sources: [5, 1] },
      { name: 'Higher education policy', sources: [5, 1] },
      { name: 'Education technology', sources: [1, 4] },
    ],
  },
  {
    value: 'energy',
    cues: [
      'energy', 'oil', 'gas', 'utility', 'utilities', 'power', 'electricity', 'renewable', 'renewables', 'solar',
      'wind', 'nuclear', 'hydrogen', 'grid', 'lng', 'climate',
    ],
    topics: [
      { name: 'Oil and gas prices', sources: [1] },
      { name: 'Renewable energy projects', sources: [1, 6] },
      { name: 'Electricity grid regulation', sources: [6, 5] },
      { name: 'Climate and emissions policy', sources: [6, 5, 1] },
      { name: 'Nuclear power policy', sources: [6, 1] },
    ],
  },
  {
    value: 'government',
    cues: [
      'government', 'public sector', 'ministry', 'agency', 'policy', 'public policy', 'civil service', 'municipal',
      'federal', 'state government', 'diplomat', 'diplomacy',
    ],
    topics: [
      { name: 'Federal rulemaking', sources: [6, 5] },
      { name: 'Public procurement', sources: [6, 1] },
      { name: 'Immigration policy', sources: [5, 6, 1] },
      { name: 'Sanctions and export controls', sources: [6, 1] },
    ],
  },
  {
    value: 'healthcare',
    cues: [
      'healthcare', 'health care', 'hospital', 'hospitals', 'medical', 'medical devices', 'physician', 'doctor',
      'nurse', 'clinic', 'patients', 'health',
    ],
    topics: [
      { name: 'Medical device approvals', sources: [6, 9, 1] },
      { name: 'Healthcare payment policy', sources: [6, 5] },
      { name: 'Hospital mergers', sources: [1, 7] },
      { name: 'Digital health and telemedicine', sources: [1, 4] },
    ],
  },
  {
    value: 'insurance',
    cues: [
      'insurance', 'insurer', 'insurers', 'reinsurance', 'underwriting', 'actuarial', 'claims',
    ],
    topics: [
      { name: 'Catastrophe losses and insurance', sources: [1] },
      { name: 'Insurance regulation', sources: [6, 5] },
      { name: 'Climate risk and insurance', sources: [1, 4] },
    ],
  },
  {
    value: 'investment',
    cues: [
      'investment', 'investor', 'investors', 'asset management', 'fund', 'funds', 'hedge fund', 'private equity',
      'venture capital', 'portfolio', 'wealth management', 'equity research',
    ],
    topics: [
      { name: 'Federal Reserve monetary policy', sources: [1, 6] },
      { name: 'Private equity deals', sources: [1] },
      { name: 'SEC enforcement actions', sources: [6, 7, 1] },
      { name: 'Initial public offerings', sources: [1] },
      { name: 'Venture capital funding', sources: [1] },
    ],
  },
  {
    value: 'legal',
    cues: [
      'legal', 'law', 'lawyer', 'lawyers', 'attorney', 'counsel', 'litigation', 'law firm', 'paralegal', 'compliance',
      'general counsel', 'barrister', 'solicitor',
    ],
    topics: [
      { name: 'Supreme Court rulings', sources: [7, 1] },
      { name: 'Antitrust litigation', sources: [7, 1] },
      { name: 'Data protection enforcement', sources: [6, 7, 1] },
      { name: 'Securities class actions', sources: [7] },
    ],
  },
  {
    value: 'manufacturing',
    cues: [
      'manufacturing', 'manufacturer', 'factory', 'industrial', 'machinery', 'supply chain', 'logistics', 'steel',
      'automation',
    ],
    topics: [
      { name: 'Supply chain disruptions', sources: [1] },
      { name: 'Tariffs on industrial goods', sources: [6, 1] },
      { name: 'Industrial automation and robotics', sources: [1, 10] },
      { name: 'Workplace safety rules', sources: [6] },
    ],
  },
  {
    value: 'media',
    cues: [
      'media', 'journalism', 'journalist', 'publishing', 'broadcast', 'broadcasting', 'entertainment', 'streaming',
      'film', 'music', 'advertising', 'marketing',
    ],
    topics: [
      { name: 'Streaming industry deals', sources: [1] },
      { name: 'Copyright and generative AI', sources: [7, 6, 1] },
      { name: 'Advertising market', sources: [1] },
      { name: 'Social media regulation', sources: [6, 5, 1] },
    ],
  },
  {
    value: 'mining',
    cues: [
      'mining', 'metals', 'lithium', 'copper', 'gold', 'iron ore', 'rare earth', 'rare earths', 'minerals', 'cobalt',
      'nickel',
    ],
    topics: [
      { name: 'Critical minerals supply', sources: [1, 6] },
      { name: 'Lithium prices and projects', sources: [1] },
      { name: 'Mining permits and regulation', sources: [6, 1] },
    ],
  },
  {
    value: 'nonprofit',
    cues: [
      'nonprofit', 'non-profit', 'ngo', 'charity', 'foundation', 'humanitarian', 'philanthropy', 'advocacy',
    ],
    topics: [
      { name: 'Humanitarian crises', sources: [1] },
      { name: 'Foreign aid policy', sources: [5, 1] },
      { name: 'Charity regulation', sources: [6] },
    ],
  },
  {
    value: 'semiconductors',
    cues: [
      'semiconductor', 'semiconductors', 'chip', 'chips', 'electronics', 'foundry', 'tsmc', 'nvidia', 'intel', 'wafer',
      'lithography',
    ],
    topics: [
      { name: 'Semiconductor supply chain', sources: [1, 10] },
      { name: 'Chip export controls', sources: [6, 1] },
      { name: 'AI accelerator chips', sources: [1, 10, 4] },
      { name: 'Semiconductor patents', sources: [10] },
    ],
  },
  {
    value: 'software',
    cues: [
      'software', 'saas', 'internet', 'developer', 'engineer', 'engineering', 'cloud', 'ai', 'artificial intelligence',
      'machine learning', 'data science', 'cybersecurity', 'platform', 'startup', 'tech', 'technology',
      'product manager', 'llm',
    ],
    topics: [
      { name: 'Large language model research', sources: [4, 1] },
      { name: 'Artificial intelligence regulation', sources: [6, 5, 1] },
      { name: 'Cybersecurity incidents', sources: [1] },
      { name: 'Cloud computing market', sources: [1] },
      { name: 'Open-source software', sources: [1, 4] },
    ],
  },
  {
    value: 'telecom',
    cues: [
      'telecom', 'telecommunications', 'mobile', 'wireless', '5g', 'spectrum', 'broadband', 'carrier',
      'network operator',
    ],
    topics: [
      { name: 'Spectrum auctions', sources: [6, 1] },
      { name: 'Broadband policy', sources: [6, 5] },
      { name: '5G network rollout', sources: [1, 10] },
    ],
  },
  {
    value: 'transport',
    cues: [
      'transport', 'transportation', 'logistics', 'shipping', 'freight', 'airline', 'airlines', 'rail', 'railway',
      'trucking', 'ports', 'maritime',
    ],
    topics: [
      { name: 'Shipping and port congestion', sources: [1] },
      { name: 'Airline industry', sources: [1, 6] },
      { name: 'Rail infrastructure projects', sources: [1, 5] },
      { name: 'Freight rates', sources: [1] },
    ],
  },
];

/** Responsibilities by words in a job title (the first matches win; several may apply). */
export const ROLE_RESPONSIBILITIES: { cues: string[]; responsibilities: string[] }[] = [
  {
    cues: [
      'ceo', 'chief executive', 'founder', 'president', 'managing director', 'owner', 'partner', 'executive',
      'director', 'head', 'vp', 'vice president', 'chief',
    ],
    responsibilities: [
      'Strategy and direction', 'Leadership decisions', 'Competitive positioning',
    ],
  },
  {
    cues: [
      'analyst', 'analysis', 'research', 'researcher', 'economist', 'strategist', 'associate',
    ],
    responsibilities: [
      'Research and analysis', 'Monitoring market developments', 'Briefing decision-makers',
    ],
  },
  {
    cues: [
      'counsel', 'lawyer', 'attorney', 'legal', 'paralegal', 'solicitor', 'barrister',
    ],
    responsibilities: [
      'Legal risk assessment', 'Regulatory compliance', 'Litigation oversight',
    ],
  },
  {
    cues: [
      'compliance', 'risk', 'regulatory', 'audit', 'auditor',
    ],
    responsibilities: [
      'Regulatory compliance', 'Risk monitoring', 'Policy implementation',
    ],
  },
  {
    cues: [
      'engineer', 'engineering', 'developer', 'architect', 'cto', 'technical', 'scientist', 'data',
    ],
    responsibilities: [
      'Technical evaluation', 'Tracking new methods and tools', 'Product development',
    ],
  },
  {
    cues: [
      'doctor', 'physician', 'clinician', 'nurse', 'medical', 'clinical', 'pharmacist',
    ],
    responsibilities: [
      'Clinical practice', 'Evidence review', 'Patient safety',
    ],
  },
  {
    cues: [
      'investor', 'portfolio', 'fund', 'trader', 'investment', 'banker', 'cfo', 'finance', 'financial',
    ],
    responsibilities: [
      'Investment decisions', 'Financial analysis', 'Market monitoring',
    ],
  },
  {
    cues: [
      'policy', 'government', 'public affairs', 'government affairs', 'advisor', 'adviser', 'diplomat',
    ],
    responsibilities: [
      'Policy analysis', 'Stakeholder engagement', 'Legislative monitoring',
    ],
  },
  {
    cues: [
      'product', 'marketing', 'sales', 'business development', 'growth', 'commercial',
    ],
    responsibilities: [
      'Market and competitor tracking', 'Customer insight', 'Go-to-market planning',
    ],
  },
  {
    cues: [
      'journalist', 'editor', 'reporter', 'writer', 'communications',
    ],
    responsibilities: [
      'Reporting and writing', 'Source monitoring', 'Fact-checking',
    ],
  },
  {
    cues: [
      'professor', 'lecturer', 'student', 'phd', 'postdoc', 'academic',
    ],
    responsibilities: [
      'Research', 'Literature review', 'Teaching',
    ],
  },
  {
    cues: [
      'operations', 'supply', 'procurement', 'logistics', 'manager',
    ],
    responsibilities: [
      'Operations management', 'Supplier and risk monitoring', 'Planning',
    ],
  },
];
