import { describe, expect, it } from 'vitest';
import { DEMO_TOPICS } from '../../demo/topics.js';
import { terms } from '../../search/terms.js';
import { builtinRelevance, nameShareOf, type RelevanceInput } from './relevance.js';

const topic = (name: string): RelevanceInput['topic'] => {
  const t = DEMO_TOPICS.find((candidate) => candidate.name === name)!;
  return { name: t.name, description: t.description ?? '', query: t.query ?? '', keyEvents: t.keyEvents ?? [], keyEntities: t.keyEntities ?? [], keyPlaces: t.keyPlaces ?? [], relevanceMatrix: t.relevanceMatrix };
};
const FED = topic('Federal Reserve monetary policy');
const LLM = topic('Large language model research');
// A laboratory's name, as the engine profiles it when a user follows their own organisation.
const ACME: RelevanceInput['topic'] = {
  name: 'Acme AI Lab',
  description: 'New research, methods and results concerning Acme AI Lab.',
  query: 'Acme AI Lab research method results model benchmark study paper performance evaluation',
  keyEvents: ['New method or model published', 'State-of-the-art result reported', 'New dataset or benchmark released', 'Replication or critique published', 'Major grant or research programme announced', 'Breakthrough applied in practice', 'Safety or ethics finding'],
  keyEntities: ['Acme AI Lab'],
  keyPlaces: [],
  relevanceMatrix: {},
};
// "EU asylum policy" as the engine profiles it by name.
const EU_ASYLUM: RelevanceInput['topic'] = {
  name: 'EU asylum policy',
  description: 'Rules, guidance, consultations and enforcement concerning asylum policy in the European Union.',
  query: 'EU asylum policy European Union rule regulation proposed final guidance compliance enforcement migrants refugees',
  keyEvents: ['Proposed rule or consultation published', 'Final rule or regulation adopted', 'Guidance or interpretation issued', 'Comment period opened or extended', 'Enforcement action, fine or settlement', 'Asylum or immigration rules changed'],
  keyEntities: [],
  keyPlaces: ['European Union'],
  relevanceMatrix: {},
};
// "FDA drug approvals" as the engine profiles it by name.
const FDA_BY_NAME: RelevanceInput['topic'] = {
  name: 'FDA drug approvals',
  description: 'Trials, studies, approvals and safety findings concerning FDA drug approvals.',
  query: 'FDA drug approvals Food Administration applications notice federal office trial patients study treatment results efficacy safety',
  keyEvents: ['Clinical trial started or recruiting', 'Trial results reported', 'Regulatory approval or rejection', 'Safety warning or recall', 'New study published', 'New indication or label expansion', 'Pricing or reimbursement decision'],
  keyEntities: ['FDA', 'Food and Drug Administration'],
  keyPlaces: [],
  relevanceMatrix: {},
};

// Documents of the demo corpus (summaries as the summarise stage makes them) with the similarity the
// pipeline measured for them against the topic (hashed TF-IDF embeddings).
const cases: { name: string; topic: RelevanceInput['topic']; title: string; summary: string; text?: string; publisher: string; similarity: number; decision: 'PASS' | 'DROP' }[] = [
  {
    name: 'an FOMC statement for the Fed topic',
    topic: FED,
    title: 'FOMC statement',
    summary:
      'In taking the discount action, the Board approved requests submitted by the Boards of Directors of the Federal Reserve Banks of New York, Philadelphia, Cleveland, Atlanta, Minneapolis, and Dallas.',
    publisher: 'Board of Governors of the Federal Reserve System',
    similarity: 0.187,
    decision: 'PASS',
  },
  {
    // "Federal" (Aviation Administration) and "Policy" (National Environmental Policy Act) are two
    // of the topic name's four words, but not the name: it passed at 0.543 before names counted
    // their words in pairs.
    name: 'an FAA launch-site notice for the Fed topic',
    topic: FED,
    title:
      'Office of Commercial Space Transportation; Notice of Availability of the Final Environmental Assessment (Final EA), Finding of No Significant Impact (FONSI)/Record of Decision (ROD) for the Kodiak Launch Complex Launch Pad 3, Kodiak Island, Alaska',
    summary:
      'DEPARTMENT OF TRANSPORTATION Federal Aviation Administration Office of Commercial Space Transportation; Notice of Availability of the Final Environmental Assessment (Final EA), Finding of No Significant Impact (FONSI)/Record of Decision (ROD) for the Kodiak Launch Complex Launch Pad 3, Kodiak Island, Alaska AGENCY: Federal Aviation Administration (FAA), Department of Transportation (DOT). SUMMARY: In accordance with the National Environmental Policy Act of 1969, as amended (NEPA; 42 United States Code 4321 et seq.), Council on Environmental Quality NEPA implementing regulations (40 CFR parts 1500 to 1508), and FAA Order 1050.1E, Change 1, Environmental Impacts: Policies and Procedures, the FAA is announcing the availability of the Final EA and FONSI/ROD for the Kodiak Launch Complex Launch Pad 3.',
    publisher: 'DEPARTMENT OF TRANSPORTATION',
    similarity: 0.153,
    decision: 'DROP',
  },
  {
    name: 'a chain-of-thought paper on LLMs for the LLM topic',
    topic: LLM,
    title: 'CoRA: Confidence-Rationale Alignment for Reliable Chain-of-Thought Reasoning',
    summary:
      "Chain-of-thought (CoT) reasoning can improve LLM performance, but high answer confidence may be misleading when the accompanying CoT rationale is plausible yet incomplete or poorly supported. We study confidence--rationale alignment: whether a model's confidence in its committed answer is justified by its generated rationale. Across MedQA, MathQA, and OpenBookQA using three open-weight LLMs, our method reduces the confidence--rationale alignment error by up to 26.51% compared with untuned checkpoints, SFT, and correctness-only GRPO, while maintaining competitive accuracy and often improving calibration.",
    publisher: 'arXiv',
    similarity: 0.089,
    decision: 'PASS',
  },
  {
    // "Vision Transformer" is an architecture, not a language model: it passed at 0.531 while the
    // demo topic named "transformer" among its key entities.
    name: 'a CNN and Vision Transformer comparison for ship detection for the LLM topic',
    topic: LLM,
    title: 'AI for Maritime Security: Comparative Evaluation of CNN and Vision Transformer Architectures for Maritime Object Detection',
    summary:
      'This study aims to enhance maritime security by using advanced Artificial Intelligence (AI) and Computer Vision (CV) techniques. For this purpose, it was designed and assessed intelligent object detection systems that can detect the presence of ships on the sea surface under different real-time environments. To achieve this goal, a maritime image dataset with 6,468 images was used, covering different weather conditions like cloudy, foggy, rainy, and sunny environments. Six deep learning architectures were evaluated, including a base Convolutional Neural Network (CNN) model, four transfer learning models (Xception, VGG16, MobileNetV2, and EfficientNetV2L), and a Vision Transformer (ViT) model. The models were compared using multiple performance indicators, including accuracy, Type I and Type II errors, model size, and video processing time. The results show that model performance varies depending on computational constraints and deployment conditions. While lightweight architectures are suitable for resource-limited devices, the ViT achieved the best overall performance, reaching 100% accuracy with the lowest error rates and the fastest video processing time. The findings highlight the potential of AI-driven computer vision systems for maritime surveillance, border protection, and autonomous navigation.',
    publisher: 'arXiv',
    similarity: 0.105,
    decision: 'DROP',
  },
  {
    name: 'a CNN brain-tumour study for the LLM topic',
    topic: LLM,
    title: 'Multi-Class Brain Tumor Classification Using Advanced Deep Learning Models: A Comparative Study',
    summary:
      'Despite recent advancements in deep learning, accurately classifying brain tumors from MRI images continues to pose challenges. In this research, we present a comprehensive evaluation of five different convolutional neural networks (CNN) architectures, including a customized baseline model and four pre-trained models - for use in classifying multi-class brain tumors using a clinically-sourced dataset of approximately 10,000 MRI images.',
    publisher: 'arXiv',
    similarity: 0.157,
    decision: 'DROP',
  },
  {
    // Shares "proposed rule", "comment period", "regulations", "Federal" with the topic and names the
    // United States, but no regulator of banks or securities: it passed at 0.511 and was alerted.
    name: 'an apple and pear import rule for the banking and securities regulation topic',
    topic: topic('Banking and securities regulation'),
    title: 'Importation of Fresh Apple and Pear Fruit Into the Continental United States From Certain Countries in the European Union',
    summary:
      'DEPARTMENT OF AGRICULTURE Animal and Plant Health Inspection Service 7 CFR Part 319 [Docket No. APHIS-2015-0073] RIN 0579-AE18 Importation of Fresh Apple and Pear Fruit Into the Continental United States From Certain Countries in the European Union AGENCY: Animal and Plant Health Inspection Service, USDA. SUMMARY: We are reopening the comment period for our proposed rule that would amend the regulations to allow the importation of fresh apple and pear fruit from certain countries in the European Union into the continental United States, provided that the fruit is produced in accordance with a systems approach, as an alternative to importation under the current preclearance program. SUPPLEMENTARY INFORMATION: On January 20, 2016, we published in the Federal Register (81 FR 3033-3038, Docket No. APHIS-2015-0073) a proposal to amend the regulations.',
    publisher: 'DEPARTMENT OF AGRICULTURE',
    similarity: 0.094,
    decision: 'DROP',
  },
  {
    // Names no country at all: not "elsewhere" (it was held at 0.426 for not saying "United States").
    name: 'a Term Auction Facility result for the Fed topic',
    topic: FED,
    title: 'Federal Reserve announces results of auction of $20 billion in 28-day credit held on December 17, 2007',
    summary: 'Bids at the stop-out rate were prorated at 1.96% and resulting awards were rounded to the nearest $10,000 (except that all awards below $10,000 are rounded up to $10,000).',
    publisher: 'Board of Governors of the Federal Reserve System',
    similarity: 0.124,
    decision: 'PASS',
  },
];

// "European migrant crisis" as the built-in engine profiles it when a user adds it by name: no key
// entities, the European Union among its places.
const MIGRANTS_BY_NAME: RelevanceInput['topic'] = {
  name: 'European migrant crisis',
  description: 'Arrivals, borders and asylum policy concerning the migrant crisis in the European Union, Hungary, Germany and Austria.',
  query: 'European migrant crisis Union Hungary Germany refugees asylum border arrivals government camps',
  keyEvents: ['Arrivals and crossings reported', 'Border closed, reopened or fenced', 'Asylum or immigration rules changed', 'Relocation or quota agreed', 'Deaths at sea or on the route'],
  keyEntities: [],
  keyPlaces: ['European Union', 'Hungary', 'Germany', 'Austria'],
  relevanceMatrix: {},
};
cases.push(
  {
    // "European" is a word of the name and of the key place "European Union": counted as the place
    // alone, it is no evidence of the subject (it passed at 0.531 and became a catch-up article).
    name: 'a referendum on membership of the European Union for the migrant crisis added by name',
    topic: MIGRANTS_BY_NAME,
    title: "The United Kingdom House of Commons passes a planned referendum on the United Kingdom's continued membership in the European Union.",
    summary: "The United Kingdom House of Commons passes a planned referendum on the United Kingdom's continued membership in the European Union.",
    publisher: 'Wikipedia Current Events Portal',
    similarity: 0.238,
    decision: 'DROP',
  },
  {
    name: 'migrants arriving in Vienna for the migrant crisis added by name',
    topic: MIGRANTS_BY_NAME,
    title: "Following Austria's and Germany's decision to waive their asylum system rules, approximately 6,500 migrants arrive in Vienna.",
    summary: "Following Austria's and Germany's decision to waive their asylum system rules, approximately 6,500 migrants – mostly from Syria, Iraq, and Afghanistan – arrive in Vienna.",
    publisher: 'Wikipedia Current Events Portal',
    similarity: 0.219,
    decision: 'PASS',
  },
  {
    // "FDA" and "Food and Drug Administration" are one body, and the "Drug" of its name is not the
    // topic's subject: a food additive rule passed at 0.584 on the body's two names alone.
    name: 'an FDA food additive rule for FDA drug approvals',
    topic: FDA_BY_NAME,
    title: 'Food Additives Permitted for Direct Addition to Food for Human Consumption; Folic Acid',
    summary:
      'The Food and Drug Administration (FDA or we) is amending the food additive regulations to provide for the safe use of folic acid in corn masa flour. We are taking this action in response to a food additive petition filed jointly by several organizations.',
    publisher: 'Federal Register',
    similarity: 0.034,
    decision: 'DROP',
  },
  {
    name: 'an FDA withdrawal of drug approvals for FDA drug approvals',
    topic: FDA_BY_NAME,
    title: 'Xanodyne Pharmaceuticals, Inc., et al.; Withdrawal of Approval of 8 New Drug Applications and 46 Abbreviated New Drug Applications for Propoxyphene Products; Correction',
    summary:
      'The Food and Drug Administration (FDA) is correcting a notice that withdrew approval of 8 new drug applications and 46 abbreviated new drug applications for propoxyphene products. The drug products were withdrawn for safety reasons.',
    publisher: 'Federal Register',
    similarity: 0.124,
    decision: 'PASS',
  },
  {
    // A name is named whole or not at all: it passed at 0.548 on holding "AI", a quarter of it.
    name: 'a survey of medical AI for a laboratory followed by name',
    topic: ACME,
    title: 'Towards Next-Generation Healthcare: A Survey of Medical Embodied AI for Perception, Decision-Making, and Action',
    summary:
      'Foundation models have demonstrated impressive performance in enhancing healthcare efficiency across a wide range of medical applications. Recently, embodied artificial intelligence (AI) has emerged as a promising physical-interactive paradigm for intelligent healthcare, enabling agents to operate in complex medical environments. To support and consolidate recent advances, we systematically survey the core components of medical embodied AI, with a particular emphasis on the coordinated integration of perception, decision-making, and action.',
    text: 'Foundation models have demonstrated impressive performance in enhancing healthcare efficiency across a wide range of medical applications. Nevertheless, their limited ability to perceive, understand, and interact with the physical world significantly constrains their effectiveness in real-world clinical workflows, where safety-critical decision-making and physical execution are tightly coupled. Recently, embodied artificial intelligence (AI) has emerged as a promising physical-interactive paradigm for intelligent healthcare, enabling agents to operate in complex medical environments. As research in this area rapidly expands, understanding how intelligent agents function as integrated, end-to-end systems in clinical environments becomes increasingly critical. However, existing surveys on medical embodied AI largely emphasize individual aspects or functional components, lacking a unified system-level organization of the field. To support and consolidate recent advances, we systematically survey the core components of medical embodied AI, with a particular emphasis on the coordinated integration of perception, decision-making, and action. We further review representative medical applications and relevant datasets, and we analyze the major challenges encountered in real-world clinical practice. Finally, we discuss key directions for future research in this rapidly evolving field. The associated project can be found at https://github.com/VMVLab/Medical_Embodied_AI_Paper_List.',
    publisher: 'arXiv',
    similarity: 0.235,
    decision: 'DROP',
  },
  {
    // Austria and Germany are in the European Union, and the "EU" of the name is the place, not a
    // word of the subject: it was dropped at 0.237 for naming "none of the key places".
    name: "member states waiving their asylum rules for an EU asylum topic",
    topic: EU_ASYLUM,
    title: "Following Austria's and Germany's decision to waive their asylum system rules, approximately 6,500 migrants arrive in Vienna.",
    summary: "Following Austria's and Germany's decision to waive their asylum system rules, approximately 6,500 migrants – mostly from Syria, Iraq, and Afghanistan – arrive in Vienna.",
    publisher: 'Wikipedia Current Events Portal',
    similarity: 0.146,
    decision: 'PASS',
  },
  {
    name: 'a model the laboratory released',
    topic: ACME,
    title: 'Acme AI Lab releases an open model for protein design',
    summary: 'Acme AI Lab released an open model for protein design and reported benchmark results against earlier methods.',
    publisher: 'TechWire',
    similarity: 0.31,
    decision: 'PASS',
  },
);

describe('built-in relevance', () => {
  it.each(cases)('$decision: $name', ({ topic, title, summary, text, publisher, similarity, decision }) => {
    const out = builtinRelevance({ topic, document: { title, summary, text: text ?? summary, publisher, date: '2026-01-01' }, similarity });
    expect(out.decision).toBe(decision);
    expect(out.rationale).toMatch(decision === 'PASS' ? /^Relevant to "/ : /^Not relevant to "/);
    expect(out.scores.weighted_total >= 0.5).toBe(decision === 'PASS');
  });

  it.each([
    ['the name as written', 'Federal Reserve monetary policy', 'The Federal Reserve kept monetary policy unchanged', 1],
    ['two words apart from each other', 'Federal Reserve monetary policy', 'Federal Aviation Administration under the Environmental Policy Act', 0.375],
    // "research" is a facet word (a quarter of a word): the subject's three words are most of the name.
    ['one pair of the name', 'Large language model research', 'Reasoning in large language models', 3 / 3.25],
    ['a facet word and one word of the subject', 'Lumbar disc herniation treatments', 'Treatment of temporomandibular joint disc displacement', (0.75 + 0.25 * 0.75) / 3.25],
    ['a name of facet words alone', 'Market research', 'Market research in Europe', 1],
    ['a one-word name', 'Cybersecurity', 'New cybersecurity rules', 1],
    ['none of it', 'European migrant crisis', 'Rates were left unchanged', 0],
  ])('name share: %s', (_, name, text, share) => {
    expect(nameShareOf(terms(name), terms(text))).toBeCloseTo(share, 3);
  });
});
