import { z } from 'zod';
import { ZSsoDomain } from './sso.js';

export * from './accounts-text.js';

const name = (label: string) => z.string().trim().min(1, `${label} is required`).max(100, `${label} is too long`);
const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'))
  .transform((value) => value.toLowerCase());

export const ZAccountRole = z.enum(['ADMIN', 'MEMBER']);
export type TAccountRole = z.infer<typeof ZAccountRole>;

/** GET /a/info/. logo_url is served by GET /a/logo/{file}. */
export const ZAccountInfo = z.object({
  name: z.string(),
  company: z.string().nullable(),
  logo_url: z.string().nullable(),
  /** Single sign-on: people whose identity provider confirms an address at this domain join the account at their first sign-in. */
  sso_domain: z.string().nullable(),
  can_edit: z.boolean(),
});
export type TAccountInfo = z.infer<typeof ZAccountInfo>;

/** POST /a/update-info/. An empty company clears it. */
export const ZAccountInfoUpdate = z.strictObject({
  name: name('Name'),
  company: z
    .string()
    .trim()
    .max(200, 'Company is too long')
    .nullish()
    .transform((value) => value || null),
  /** Absent: unchanged; empty or null: no sign-on domain. */
  sso_domain: z.union([z.literal('').transform(() => null), z.null(), ZSsoDomain]).optional(),
});

/** An invitation that has not been accepted yet (the invite_info of an INVITED row). */
export const ZInviteInfo = z.object({
  invited_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
  invited_by: z.string().nullable(),
});

/**
 * A row of GET /a/users/. Invited people are rows with status
 * INVITED whose id is the invitation's id (what POST /a/resend-invite/ takes as user_id).
 * can_edit: an ADMIN's right to change the account.
 */
export const ZAccountUser = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  location: z.string().nullable(),
  role: ZAccountRole,
  status: z.enum(['ACTIVE', 'INVITED']),
  can_edit: z.boolean(),
  /** A billing administrator (ACTIVE users only; an invitation is never one). */
  billing_admin: z.boolean(),
  invite_info: ZInviteInfo.nullable(),
});
export type TAccountUser = z.infer<typeof ZAccountUser>;
export const ZAccountUsers = z.object({ results: z.array(ZAccountUser), count: z.number().int() });
export type TAccountUsers = z.infer<typeof ZAccountUsers>;

/** POST /a/send-invite/. */
export const ZSendInviteRequest = z.strictObject({
  first_name: name('First name'),
  last_name: name('Last name'),
  email,
  role: ZAccountRole.default('MEMBER'),
});
export type TSendInviteRequest = z.input<typeof ZSendInviteRequest>;
export const ZInviteResponse = z.object({ detail: z.string(), user: ZAccountUser });
export type TInviteResponse = z.infer<typeof ZInviteResponse>;

/** POST /a/resend-invite/: user_id is the id of an INVITED row. */
export const ZResendInviteRequest = z.strictObject({ user_id: z.uuid('a user id') });

/**
 * POST /a/send-invites-csv/: the file's text and name. The first
 * line names the columns (email required; first_name, last_name, role optional; common spellings
 * such as "First Name" or "E-mail" are understood); without a header line the columns are
 * first_name, last_name, email, role.
 */
export const ZCsvInviteRequest = z.strictObject({
  file_content: z.string().min(1, 'The file is empty').max(512 * 1024, 'The file is too large (at most 512 KB)'),
  file_name: z.string().trim().min(1, 'File name is required').max(255),
});
export const ZCsvInviteRow = z.object({
  /** Line number in the file (1 is the first line). */
  line: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  status: z.enum(['invited', 'failed']),
  code: z.string().optional(),
  error: z.string().optional(),
});
export const ZCsvInviteReport = z.object({
  file_name: z.string(),
  invited: z.number().int(),
  failed: z.number().int(),
  rows: z.array(ZCsvInviteRow),
});
export type TCsvInviteReport = z.infer<typeof ZCsvInviteReport>;

/**
 * POST /a/update-user/: an ADMIN with can_edit changes another user's role or editing right, or
 * gives or takes the billing administrator role (their own too).
 */
export const ZUpdateAccountUserRequest = z
  .strictObject({ user_id: z.uuid('a user id'), role: ZAccountRole.optional(), can_edit: z.boolean().optional(), billing_admin: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.can_edit !== undefined || body.billing_admin !== undefined, { message: 'Nothing to change', path: ['role'] });
export type TUpdateAccountUserRequest = z.infer<typeof ZUpdateAccountUserRequest>;

/** Where an account's logo is served (GET /api/a/logo/{file}), for /me and the account page alike. */
export function accountLogoUrl(logoFile: string | null): string | null {
  return logoFile ? `/api/a/logo/${logoFile}` : null;
}
