import type { Connector } from '../types.js';
import { arxiv } from './arxiv.js';
import { clinicalTrials } from './clinicaltrials.js';
import { congress } from './congress.js';
import { courtRss } from './court_rss.js';
import { courtListener } from './courtlistener.js';
import { feed } from './feed.js';
import { federalRegister } from './federal_register.js';
import { patentsView } from './patentsview.js';
import { pubmed } from './pubmed.js';
import { regulationsGov } from './regulations_gov.js';
import { secEdgar } from './sec_edgar.js';
import { usptoTsdr } from './uspto_tsdr.js';

/**
 * Every connector, keyed by the kind stored on a source row. One file per kind in this folder;
 * a new kind (e.g. `demo`) adds its import and one line here.
 */
export const CONNECTORS: Record<string, Connector> = {
  [feed.kind]: feed,
  [arxiv.kind]: arxiv,
  [pubmed.kind]: pubmed,
  [congress.kind]: congress,
  [federalRegister.kind]: federalRegister,
  [regulationsGov.kind]: regulationsGov,
  [courtListener.kind]: courtListener,
  [courtRss.kind]: courtRss,
  [secEdgar.kind]: secEdgar,
  [clinicalTrials.kind]: clinicalTrials,
  [patentsView.kind]: patentsView,
  [usptoTsdr.kind]: usptoTsdr,
};

export function getConnector(kind: string): Connector | undefined {
  return Object.hasOwn(CONNECTORS, kind) ? CONNECTORS[kind] : undefined;
}

export { parseOpml, parseFeed } from './feed-format.js';
