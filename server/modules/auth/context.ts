import type { AuthKeys } from '../../auth/secrets.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Queue } from '../../jobs/types.js';

/** What every auth operation needs. */
export interface AuthContext {
  config: Config;
  database: Database;
  keys: AuthKeys;
  queue: Queue;
}
