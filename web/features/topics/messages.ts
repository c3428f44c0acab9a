import { TOPIC_MESSAGES } from '../../../contract/topics';
import type { ValidationMessages } from '../../lib/topic-validation';

/** Topic validation on Manage Topics. */
export const MANAGE_VALIDATION: ValidationMessages = {
  failed: TOPIC_MESSAGES.rephrase,
  followUpFailed: TOPIC_MESSAGES.followUpFailed,
  network: TOPIC_MESSAGES.failedToValidateRetry,
  followUpNetwork: TOPIC_MESSAGES.failedToSubmitAnswerRetry,
  duplicate: TOPIC_MESSAGES.alreadyBeingTracked,
  unexpected: TOPIC_MESSAGES.unexpected,
};

/** A topic's name as cards show it: capitalised. */
export { capitalise as capitalised } from '../../lib/text';
