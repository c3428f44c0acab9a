import { CONNECTORS } from './connectors/index.js';
import { demoConnector } from './demo.js';
import type { Connector } from './types.js';

/** Every connector kind a source row may name. */
export const ALL_CONNECTORS: Record<string, Connector> = { ...CONNECTORS, demo: demoConnector as unknown as Connector };

export function connectorFor(kind: string): Connector | undefined {
  return Object.hasOwn(ALL_CONNECTORS, kind) ? ALL_CONNECTORS[kind] : undefined;
}
