import { z } from 'zod';

/**
 * Single sign-on with the company's OpenID provider. A failed sign-in comes back to /login with
 * `sso_error` set to one of these reasons; the login page shows its sentence.
 */
export const SSO_ERRORS = {
  expired: 'That sign-in took too long or was started in another browser. Please try again.',
  denied: 'The sign-in was cancelled at your identity provider.',
  failed: 'Your identity provider’s answer could not be checked. Please try again, or ask your administrator.',
  no_email: 'Your identity provider did not share your email address, so Herald cannot tell who you are.',
  unverified: 'Your identity provider has not verified your email address. Verify it there, then try again.',
  no_account: 'There is no Herald account for this address. Ask your account admin for an invitation.',
  seat_limit_reached: 'Every seat of your organisation’s Herald plan is taken. Ask your account’s billing administrator to add seats, then sign in again.',
  unavailable: 'Single sign-on is not available right now. Please try again later, or sign in with your password.',
} as const;
export type TSsoError = keyof typeof SSO_ERRORS;

export const ZSsoExchange = z.object({ code: z.string().min(10).max(200) }).strict();

/** Another account signs on with that domain already. */
export const SSO_DOMAIN_TAKEN = 'Another account already signs people in from this domain.';
/** An admin proves a domain by their own confirmed address at it (a Herald operator may set any). */
export const SSO_DOMAIN_UNPROVEN = 'Use the domain of your own confirmed email address: only someone at that domain can claim it. A Herald operator can set another one for you.';
/** The server's full list of free and disposable email services (the form checks a short one). */
export const SSO_DOMAIN_FREE_MAIL = 'Anyone can have an address at this email service: choose your organisation’s own domain.';

/** Domains of public email services: no account can claim everyone at them. */
export const PUBLIC_EMAIL_DOMAINS = ['gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'yahoo.com', 'icloud.com', 'me.com', 'aol.com', 'proton.me', 'protonmail.com', 'gmx.com', 'gmx.de', 'mail.com', 'yandex.com', 'zoho.com'];

/** An account's sign-on domain: a host name of at least two labels, lower case, not a public email service. */
export const ZSsoDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'At most 253 characters.')
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'A domain such as example.com, without @ or https://.')
  .refine((domain) => !PUBLIC_EMAIL_DOMAINS.includes(domain), 'Anyone can have an address at a public email service: choose your organisation’s own domain.');
