import { sendAccountEmailJob, sendEmailJob, sendPendingEmailsJob } from './mail/jobs.js';
import { cleanupExpiredJob } from './jobs/cleanup-expired.js';
import { deliverJob, deliverPendingJob } from './deliveries/jobs.js';
import { notifyJob, pruneNotificationsJob } from './notifications/jobs.js';
import { reembedChunksJob } from './search/reembed.js';
import { indexVectorsJob } from './search/vector-index.js';
import { sourceRunJob, sourcesTickJob } from './sources/jobs.js';
import { alertJob, articleJob, briefJob, briefTickJob, consolidateJob, detectJob, noveltyJob, prefilterJob, storyJob, summariseJob, sweepJob } from './pipeline/jobs.js';
import { backfillJob } from './pipeline/backfill.js';
import { fillTakeawaysJob } from './pipeline/fill-takeaways.js';
import { trendSpikesJob } from './trends/jobs.js';
import { countTopicNamesJob } from './trends/count-names.js';
import { countSourceSentencesJob } from './documents/source-sentences.js';
import { topicModelJob, topicModelsTickJob } from './pipeline/topic-models.js';
import { startPipeline } from './pipeline/pipeline.js';
import { topicEnrichJob } from './modules/topics/jobs.js';
import { interviewProfileJob } from './modules/conversations/jobs.js';
import type { JobDefinition } from './jobs/types.js';

/** Every background job; boot.ts hands the list to the queue (startQueue). */
export const JOBS: JobDefinition[] = [
  cleanupExpiredJob as JobDefinition,
  sendAccountEmailJob as JobDefinition,
  sendEmailJob as JobDefinition,
  sendPendingEmailsJob as JobDefinition,
  deliverJob as JobDefinition,
  deliverPendingJob as JobDefinition,
  notifyJob as JobDefinition,
  pruneNotificationsJob as JobDefinition,
  sourcesTickJob as JobDefinition,
  // New documents go on to the pipeline: sources sit below it and are told here where to send them.
  sourceRunJob(startPipeline) as JobDefinition,
  reembedChunksJob as JobDefinition,
  indexVectorsJob as JobDefinition,
  summariseJob as JobDefinition,
  prefilterJob as JobDefinition,
  detectJob as JobDefinition,
  sweepJob as JobDefinition,
  noveltyJob as JobDefinition,
  consolidateJob as JobDefinition,
  articleJob as JobDefinition,
  alertJob as JobDefinition,
  briefTickJob as JobDefinition,
  briefJob as JobDefinition,
  trendSpikesJob as JobDefinition,
  storyJob as JobDefinition,
  backfillJob as JobDefinition,
  fillTakeawaysJob as JobDefinition,
  countTopicNamesJob as JobDefinition,
  countSourceSentencesJob as JobDefinition,
  topicModelJob as JobDefinition,
  topicModelsTickJob as JobDefinition,
  topicEnrichJob as JobDefinition,
  interviewProfileJob as JobDefinition,
];
