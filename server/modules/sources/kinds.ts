import { z } from 'zod';
import type { TSourceKind } from '../../../contract/sources.js';
import type { Config } from '../../config.js';
import { ALL_CONNECTORS } from '../../sources/registry.js';
import type { Connector, SourceKeys } from '../../sources/types.js';

/** Each API key: the environment variable that sets it, its name and what it is for. */
export const SOURCE_KEYS: Record<Exclude<keyof SourceKeys, 'trustKeysAt'>, { env: string; label: string; help: string }> = {
  contactEmail: { env: 'SOURCE_CONTACT_EMAIL', label: 'Contact email', help: "An address the API's operators can reach you at; SEC EDGAR refuses requests without it." },
  congressApiKey: { env: 'CONGRESS_API_KEY', label: 'Congress.gov API key', help: 'Free from api.congress.gov/sign-up; without it the shared DEMO_KEY allows a few requests an hour.' },
  regulationsApiKey: { env: 'REGULATIONS_API_KEY', label: 'api.data.gov key', help: 'Free from open.gsa.gov/api/regulationsgov; without it the shared DEMO_KEY allows a few requests an hour.' },
  courtListenerToken: { env: 'COURTLISTENER_TOKEN', label: 'CourtListener token', help: 'From your CourtListener account; raises the rate limit.' },
  patentsViewApiKey: { env: 'PATENTSVIEW_API_KEY', label: 'PatentsView API key', help: 'Required; request one at patentsview.org.' },
  usptoApiKey: { env: 'USPTO_API_KEY', label: 'USPTO API key', help: 'Required; from account.uspto.gov (Open Data Portal).' },
  pubmedApiKey: { env: 'PUBMED_API_KEY', label: 'NCBI API key', help: 'Optional; raises the limit from 3 to 10 requests a second.' },
};

/** The required keys a connector lacks in this install (the environment variables to set). */
export function missingKeys(connector: Connector, keys: SourceKeys): string[] {
  return (connector.keys ?? []).filter((k) => k.required && !keys[k.key]).map((k) => SOURCE_KEYS[k.key].env);
}

/** The settings as JSON Schema for a generated form: the input side, so defaults show and are optional. */
function settingsSchema(connector: Connector): Record<string, unknown> {
  const schema = z.toJSONSchema(connector.config, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}

export function listKinds(config: Pick<Config, 'sourceKeys'>): TSourceKind[] {
  return Object.values(ALL_CONNECTORS).map((connector) => ({
    kind: connector.kind,
    label: connector.label,
    description: connector.description,
    default_collection_id: connector.defaultCollectionId,
    default_interval_minutes: connector.defaultIntervalMinutes,
    settings_schema: settingsSchema(connector),
    keys: (connector.keys ?? []).map(({ key, required }) => ({ ...SOURCE_KEYS[key], required, present: Boolean(config.sourceKeys[key]) })),
    addable: connector.kind !== 'demo',
  }));
}
