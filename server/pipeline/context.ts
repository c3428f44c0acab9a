import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { SearchIndex } from '../search/index-state.js';

/** What every stage needs. */
export interface StageContext {
  database: Database;
  search: SearchIndex;
  config: Config;
  logger: Logger;
}
