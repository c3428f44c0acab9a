import { describe, expect, it } from 'vitest';
import { unshouted, whatItIs, type DocumentRecord } from './document-record.js';

const record = (over: Partial<DocumentRecord>): DocumentRecord => ({ kind: 'news', contentType: 'News', publisher: null, date: '2024-03-20T00:00:00.000Z', metadata: {}, ...over });

describe('whatItIs: what a document is, in plain words from its record', () => {
  it.each([
    [
      "a trial as the demo records it: sponsor, conditions, phase and status",
      record({ kind: 'clinical_trials', contentType: 'Clinical trial', publisher: 'ActiveO Inc.', metadata: { sponsor: 'ActiveO Inc.', status: 'COMPLETED', conditions: ['Disk, Herniated'], phases: ['PHASE1'] } }),
      'Clinical trial from ActiveO Inc. for Disk, Herniated: phase 1, completed.',
    ],
    [
      'a trial as the ClinicalTrials.gov connector records it: enrolment and primary completion too',
      record({
        kind: 'clinical_trials',
        contentType: 'clinical_trial',
        publisher: 'ClinicalTrials.gov',
        metadata: { leadSponsor: 'Novo Nordisk A/S', overallStatus: 'ACTIVE_NOT_RECRUITING', phases: ['PHASE2', 'PHASE3'], enrollment: 1250, conditions: ['Obesity', 'Type 2 Diabetes', 'Hypertension'], primaryCompletionDate: '2026-06-30' },
      }),
      'Clinical trial from Novo Nordisk A/S for Obesity; Type 2 Diabetes: phase 2/3, active not recruiting, 1,250 participants, primary completion Jun 30, 2026.',
    ],
    [
      'a phase and a status the registry does not know say nothing',
      record({ kind: 'clinical_trials', contentType: 'Clinical trial', publisher: 'Spine Centre', metadata: { sponsor: 'Spine Centre', status: 'UNKNOWN', phases: ['NA'], conditions: ['Lumbar Herniated Disk'] } }),
      'Clinical trial from Spine Centre for Lumbar Herniated Disk, Mar 20, 2024.',
    ],
    [
      "a Federal Register notice: its agency as a sentence writes it, and the action it takes",
      record({ kind: 'regulations', contentType: 'Notice', publisher: 'DEPARTMENT OF AGRICULTURE', metadata: { agency: 'DEPARTMENT OF AGRICULTURE', subagency: 'Animal and Plant Health Inspection Service', action: 'Notice of meeting.' } }),
      'Notice from Department of Agriculture (Animal and Plant Health Inspection Service): notice of meeting.',
    ],
    [
      'an action that only names the kind again is left out',
      record({ kind: 'regulations', contentType: 'Notice', publisher: 'OFFICE OF THE SECRETARY', metadata: { agency: 'OFFICE OF THE SECRETARY', action: 'Notice.' } }),
      'Notice from Office of the Secretary, Mar 20, 2024.',
    ],
    [
      'a filing says its form and its filer',
      record({ kind: 'securities_filings', contentType: '8-K', publisher: 'SEC EDGAR', metadata: { subtype: '8-K', agency: 'Apple Inc.' } }),
      'Form 8-K filing from Apple Inc., Mar 20, 2024.',
    ],
    [
      'a kind that already names its publisher does not name it twice, and keeps its own case',
      record({ kind: 'scientific_studies', contentType: 'arXiv preprint', publisher: 'arXiv', metadata: { categories: ['cs.CL'] } }),
      'arXiv preprint, Mar 20, 2024.',
    ],
    [
      'a record without its own date (a replayed document that had none) says no date rather than when it arrived',
      record({ kind: 'news', contentType: 'Wikinews article', publisher: 'Wikinews (English)', date: null, metadata: { categories: ['Elections'] } }),
      'Wikinews article.',
    ],
    [
      "a feed's item is a report from its publisher",
      record({ kind: 'news', contentType: 'rss_item', publisher: 'Reuters', metadata: {} }),
      'Report from Reuters, Mar 20, 2024.',
    ],
    [
      'a connector\'s code reads as words',
      record({ kind: 'regulations', contentType: 'federal_register_proposed_rule', publisher: 'Federal Register', metadata: { agency: 'ENVIRONMENTAL PROTECTION AGENCY', action: 'Proposed rule; extension of comment period.' } }),
      'Federal register proposed rule from Environmental Protection Agency: proposed rule; extension of comment period.',
    ],
  ])('%s', (_, given, expected) => {
    expect(whatItIs(given)).toBe(expected);
  });
});

describe('unshouted', () => {
  it('writes a name in capitals as a sentence does, and leaves other names alone', () => {
    expect(unshouted('FEDERAL DEPOSIT INSURANCE CORPORATION')).toBe('Federal Deposit Insurance Corporation');
    expect(unshouted('Board of Governors of the Federal Reserve System')).toBe('Board of Governors of the Federal Reserve System');
    expect(unshouted('SEC')).toBe('SEC');
  });
});
