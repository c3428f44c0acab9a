import { PROFILE_MESSAGES } from '../../../contract/onboarding';
import { TOPIC_MESSAGES } from '../../../contract/topics';
import type { ValidationMessages } from '../../lib/topic-validation';

/** Onboarding wording, word for word. */
export const ONBOARDING_TEXT = {
  moreInfo: 'We need a bit more information',
  suggestionsIntro: "We've suggested a few topics based on your profile. Select any you'd like to follow now. You can always add or remove topics later.",
  customIntro: "Add any other topics you're interested in.",
  currentTopics: 'Your current topics',
  ...PROFILE_MESSAGES,
} as const;

/** Topic validation during onboarding. */
export const ONBOARDING_VALIDATION: ValidationMessages = {
  failed: TOPIC_MESSAGES.validationFailed,
  followUpFailed: TOPIC_MESSAGES.validationFailed,
  network: TOPIC_MESSAGES.failedToValidate,
  followUpNetwork: TOPIC_MESSAGES.failedToSubmitAnswer,
  duplicate: TOPIC_MESSAGES.alreadyTracked,
  unexpected: TOPIC_MESSAGES.unexpected,
};
