import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Queue } from '../../jobs/types.js';
import type { SearchIndex } from '../../search/index-state.js';

/** What topic, onboarding and conversation operations need: the AI layer, the store, the queue. */
export interface TopicContext {
  database: Database;
  search: SearchIndex;
  config: Config;
  logger: Logger;
  queue: Queue;
}
