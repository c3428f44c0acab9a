import type { Logger } from 'pino';
import type { Config, Role } from '../config.js';
import type { Database } from '../db/client.js';
import type { DatabaseFeatures } from '../db/migrate.js';
import type { SearchIndex } from '../search/index-state.js';
import type { Queue } from '../jobs/types.js';

/** What the HTTP app is built from (boot.ts composes it; route modules read what they need), a leaf. */
export interface AppServices {
  config: Config;
  database: Database;
  features: DatabaseFeatures;
  search: SearchIndex;
  queue: Queue;
  roles: Role[];
  siteUrl?: string;
  logger: Logger;
  /** Admits the sources command line on this machine (auth/operator-token.ts); embedded database only. */
  operatorToken?: string;
  /** Folder of the built web app; undefined serves the API only. */
  webDist?: string;
}
