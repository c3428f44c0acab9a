import { z } from 'zod';
import { ZTopic } from './topics.js';
import { ZModelPreferences } from './models.js';
import { CODE_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

/** Messages the spec quotes, shared so server and web say the same. */
export const AUTH_MESSAGES = {
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooCommon: 'This password is too common. Please choose a less predictable one.',
  passwordTooLong: 'Password must be at most 256 characters long',
  registered: 'Please check your email to confirm your account.',
  invalidCredentials: 'Authentication failed.',
  emailNotConfirmed: 'Please confirm your email address before logging in. We have sent you a new confirmation email.',
  confirmed: 'Your email address has been confirmed.',
  linkExpired: 'This confirmation link has expired. A new one was sent to your email address.',
  linkInvalid: 'This confirmation link is invalid or has already been used.',
  codeInvalid: 'The code is incorrect or has expired.',
  codeAttemptsExceeded: 'Too many incorrect attempts. Please request a new code.',
  confirmationSent: 'If an account needs confirming at this address, we have sent a new confirmation email.',
  resetSent: 'If an account exists for this address, we have sent a password reset code.',
  refreshInvalid: 'Your session has expired. Please log in again.',
} as const;

const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'))
  .transform((value) => value.toLowerCase());

/** Length only; the common-password check needs the server's list. */
export const ZPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(256, AUTH_MESSAGES.passwordTooLong);

const name = (label: string) => z.string().trim().min(1, `${label} is required`).max(100, `${label} is too long`);
const code = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), `Enter the ${CODE_LENGTH}-digit code`);

const optionalText = z.string().trim().max(200).optional();

export const ZRegisterRequest = z.strictObject({
  first_name: name('First name'),
  last_name: name('Last name'),
  email,
  password: ZPassword,
  invite_token: z.string().trim().max(200).optional(),
  industry: optionalText,
  company: optionalText,
  location: optionalText,
  title: optionalText,
  top_goals: z.string().max(2000).optional(),
  top_challenges: z.string().max(2000).optional(),
  top_entities: z.string().max(2000).optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZDetailResponse = z.object({ detail: z.string() });

export const ZLoginRequest = z.strictObject({ email, password: z.string().min(1, 'Password is required').max(256) });
export const ZTokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TTokenPair = z.infer<typeof ZTokenPair>;

export const ZRefreshRequest = z.strictObject({ refresh: z.string().min(1).max(200) });
export const ZLogoutRequest = ZRefreshRequest;

export const ZConfirmRequest = z.strictObject({ uidb64: z.string().min(1).max(100), token: z.string().min(1).max(200) });
export const ZConfirmQuery = z.object({ uid: z.string().min(1).max(100), token: z.string().min(1).max(200) });
export const ZEmailOnly = z.strictObject({ email });
export const ZVerifyCodeRequest = z.strictObject({ email, code });
export const ZResetCodeRequest = z.strictObject({ email, code, password: ZPassword });

/** Email confirmation answer: tokens on success. */
export const ZConfirmResponse = z.object({
  result: z.literal('success'),
  message: z.string(),
  access: z.string(),
  refresh: z.string(),
});

export const ZEmailAvailabilityQuery = z.object({ email });
export const ZEmailAvailability = z.object({ available: z.boolean() });

export const LANGUAGE_CHOICES = [
  { value: 'en', label: 'English' },
  { value: 'ar', label: 'Arabic' },
  { value: 'zh', label: 'Chinese' },
  { value: 'de', label: 'German' },
  { value: 'es', label: 'Spanish' },
  { value: 'it', label: 'Italian' },
  { value: 'no', label: 'Norwegian' },
  { value: 'pt', label: 'Portuguese' },
  { value: 'ru', label: 'Russian' },
] as const;

/**
 * GET /me/. Fields that later issues fill (AI profile,
 * topics, onboarding) are present and null or empty until then.
 */
export const ZMe = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(['ADMIN', 'MEMBER']),
  is_superuser: z.boolean(),
  /** A billing administrator of the account: Account Settings → Billing. */
  billing_admin: z.boolean(),
  account: z.object({ id: z.string(), name: z.string() }),
  account_name: z.string(),
  account_logo: z.string().nullable(),
  account_count: z.number().int(),
  account_language: z.string(),
  language: z.string(),
  language_choices: z.array(z.object({ value: z.string(), label: z.string() })),
  title: z.string().nullable(),
  company: z.string().nullable(),
  industry: z.string().nullable(),
  location: z.string().nullable(),
  alerts: z.boolean(),
  /** Breaking alerts at most this many in any 24 hours. */
  alert_daily_cap: z.number().int(),
  newsletter: z.boolean(),
  email_confirmed: z.boolean(),
  /** Profile fields of the profile form. */
  country: z.string().nullable(),
  city: z.string().nullable(),
  job_title_function: z.string().nullable(),
  employer: z.string().nullable(),
  interests: z.string().nullable(),
  profile_completed: z.boolean(),
  suggestions_completed: z.boolean(),
  onboarding_complete: z.boolean(),
  /** The AI profile and the lists it was built from. */
  gpt_profile: z.string().nullable(),
  places_jurisdictions: z.array(z.string()),
  organizations: z.array(z.string()),
  products_markets: z.array(z.string()),
  gpt_industries: z.array(z.string()),
  gpt_responsibilities: z.array(z.string()),
  /** Open suggestions: name, sources (collection ids) and reasoning. */
  gpt_suggested_topics: z.array(z.object({ id: z.number(), name: z.string(), sources: z.array(z.number()), reasoning: z.string() })),
  /** Active topics (the shape of GET /me/topics/). */
  topics: z.array(ZTopic),
  last_updated_at: z.string().nullable(),
  last_insights_updated_at: z.string().nullable(),
  ...ZModelPreferences.shape,
});
export type TMe = z.infer<typeof ZMe>;

/** Invite validation messages; the web maps them to its screens. */
export const INVITE_MESSAGES = {
  notFound: 'Invite token does not exist.',
  accepted: 'Invite has already been accepted.',
  expired: 'Invite token expired. A new invitation has been sent.',
} as const;

/** GET /invite/{token}/. */
export const ZInvite = z.object({
  account: z.string(),
  company: z.string().nullable(),
  industry: z.string().nullable(),
  location: z.string().nullable(),
  token: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  top_goals: z.string().nullable(),
});
export type TInvite = z.infer<typeof ZInvite>;

export const ZPasswordConfirmRequest = z.strictObject({ code, password: ZPassword });
export const ZEmailChangeRequest = z.strictObject({ new_email: email });
export const ZEmailChangeConfirmRequest = z.strictObject({ old_email_code: code, new_email_code: code });
export const ACCOUNT_MESSAGES = {
  passwordCodeSent: 'We have sent a code to your email address.',
  passwordChanged: 'Your password has been changed.',
  emailCodesSent: 'We have sent a code to your current and to your new email address.',
  emailChanged: 'Your email address has been changed.',
  emailTaken: 'This email address is already in use.',
  emailSame: 'This is already your email address.',
  noPendingChange: 'There is no pending email change. Please start again.',
} as const;

export const ZGoogleLoginRequest = z.strictObject({ token: z.string().min(1).max(4096), invite_token: z.string().trim().max(200).optional() });
export const ZGoogleRegisterRequest = z.strictObject({
  token: z.string().min(1).max(4096),
  first_name: name('First name'),
  last_name: name('Last name'),
  invite_token: z.string().trim().max(200).optional(),
});
/** POST /auth/google/: tokens, or a status telling the client what to do next. */
export const ZGoogleLoginResponse = z.union([
  ZTokenPair,
  z.object({ status: z.literal('pending'), email: z.string(), first_name: z.string(), last_name: z.string() }),
  z.object({ status: z.literal('pending-invite'), detail: z.string() }),
]);
export const GOOGLE_MESSAGES = {
  disabled: 'Google sign-in is not configured on this server.',
  invalidToken: 'Google Authentication failed – Please verify your Google account.',
  pendingInvite: 'You have a pending invite. Please check your email inbox for more information.',
} as const;
