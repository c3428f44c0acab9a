import { z } from 'zod';

/**
 * Every error the API answers has this one shape. `code` is stable and meant for programs;
 * `error` is a human sentence; `fields` maps a field path to its messages on validation errors.
 */
export const ZErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

/** Stable error codes. Add here, never rename: clients and tests match on them. */
export const ErrorCode = {
  notFound: 'not_found',
  invalidJson: 'invalid_json',
  invalidText: 'invalid_text',
  validationFailed: 'validation_failed',
  unsupportedMediaType: 'unsupported_media_type',
  payloadTooLarge: 'payload_too_large',
  methodNotAllowed: 'method_not_allowed',
  rateLimited: 'rate_limited',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  internalError: 'internal_error',
  serviceUnavailable: 'service_unavailable',
  articleNotGenerated: 'article_not_generated',
  sourceExists: 'source_exists',
  sourceKindUnknown: 'source_kind_unknown',
  sourceSettingsInvalid: 'source_settings_invalid',
  sourceKeyMissing: 'source_key_missing',
  sourceUnreachable: 'source_unreachable',
  sourceAddressRefused: 'source_address_refused',
  feedNotFound: 'feed_not_found',
  invalidOpml: 'invalid_opml',
  opmlTooLarge: 'opml_too_large',
  sourceLimit: 'source_limit',
  apiTokenInvalid: 'api_token_invalid',
  apiTokenScope: 'api_token_scope',
  apiTokenLimit: 'api_token_limit',
  sessionRequired: 'session_required',
  shareNoRecipients: 'share_no_recipients',
  shareRecipientOutsideAccount: 'share_recipient_outside_account',
  commentNotYours: 'comment_not_yours',
  commentTooManyMentions: 'comment_too_many_mentions',
  commentMentionCannotRead: 'comment_mention_cannot_read',
  billingAdminRequired: 'billing_admin_required',
  billingAdminInvite: 'billing_admin_invite',
  budgetInvalid: 'budget_invalid',
  boardNameTaken: 'board_name_taken',
  boardNotYours: 'board_not_yours',
  boardItemExists: 'board_item_exists',
  boardLimit: 'board_limit',
  seatLimitReached: 'seat_limit_reached',
  stripeSignatureInvalid: 'stripe_signature_invalid',
  billingProviderUnavailable: 'billing_provider_unavailable',
  subscriptionExists: 'subscription_exists',
  noSubscription: 'no_subscription',
  billingProviderOff: 'billing_provider_off',
} as const;
export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
