import { ApiError } from '../../lib/api';

/** Texts the access screens show (invitations, codes, links). */
export const LOGIN_FAILED = 'Authentication failed – Please verify your email address and password';
export const GENERIC_ERROR = 'An unexpected error occurred.';
export const REGISTRATION_FALLBACK = 'Please check the information and try again.';
export const LINK_FALLBACK = 'Failed to confirm email. Please try again or request a new confirmation link.';
export const LINK_MISSING = 'Invalid confirmation link. Please check your email for the correct link.';
export const PASSWORDS_DIFFER = 'Passwords do not match.';
export const GOOGLE_FAILED = 'Google Authentication failed – Please verify your Google account.';

const firstField = (error: ApiError) => Object.values(error.fields ?? {}).find((messages) => messages.length > 0)?.[0];

export function loginError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return LOGIN_FAILED;
    return error.message || GENERIC_ERROR;
  }
  return GENERIC_ERROR;
}

/** Registration errors show the first email error, else the error, else the first field error. */
export function registrationError(error: unknown): string {
  if (error instanceof ApiError) return error.fields?.email?.[0] ?? (error.message || firstField(error)) ?? REGISTRATION_FALLBACK;
  return REGISTRATION_FALLBACK;
}

/** Field errors of a failed call, first message per field. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(Object.entries(error.fields).flatMap(([key, messages]) => (messages[0] ? [[key, messages.join(' ')]] : [])));
}

export function messageOf(error: unknown, fallback = GENERIC_ERROR): string {
  return error instanceof ApiError ? error.message || fallback : fallback;
}
