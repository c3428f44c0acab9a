import { eq } from 'drizzle-orm';
import { ACCOUNT_ERRORS, ACCOUNT_TEXT } from '../../../contract/accounts.js';
import { BILLING_TEXT } from '../../../contract/billing-text.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { AppDb } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

/** The caller of an account call, and what they may do with their own account. */
export interface AccountActor {
  userId: string;
  accountId: string;
  name: string;
  role: 'ADMIN' | 'MEMBER';
  isSuperuser: boolean;
  /** Reads Account Settings: ADMINs and superusers. */
  isAdmin: boolean;
  /** Changes the account: superusers, and ADMINs the server grants can_edit. */
  canEdit: boolean;
  /** Reads the account's AI usage and sets its budgets (Billing): billing administrators and superusers. */
  billingAdmin: boolean;
}

export function canEditAccount(user: { role: string; isSuperuser: boolean; canEditAccount: boolean }): boolean {
  return user.isSuperuser || (user.role === 'ADMIN' && user.canEditAccount);
}

/**
 * Every account call acts on the caller's own account, found from the access token and never
 * from the request: no id a client sends can reach another account.
 */
export async function accountActor(db: AppDb, userId: string): Promise<AccountActor> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'token_invalid', 'Your session has expired or is invalid. Please log in again.');
  return {
    userId: user.id,
    accountId: user.accountId,
    name: `${user.firstName} ${user.lastName}`.trim(),
    role: user.role,
    isSuperuser: user.isSuperuser,
    isAdmin: user.isSuperuser || user.role === 'ADMIN',
    canEdit: canEditAccount(user),
    billingAdmin: user.isSuperuser || user.billingAdmin,
  };
}

/** Account Settings are for administrators and superusers; MEMBERs get the spec's sentence. */
export async function adminActor(db: AppDb, userId: string): Promise<AccountActor> {
  const actor = await accountActor(db, userId);
  if (!actor.isAdmin) throw new AppError(403, ErrorCode.forbidden, ACCOUNT_TEXT.adminsOnly);
  return actor;
}

/**
 * Billing is for billing administrators (and superusers), whatever their other role: an ADMIN
 * without the billing role is refused too, and may give it to themselves.
 */
export async function billingActor(db: AppDb, userId: string): Promise<AccountActor> {
  const actor = await accountActor(db, userId);
  if (!actor.billingAdmin) throw new AppError(403, ErrorCode.billingAdminRequired, BILLING_TEXT.billingAdminsOnly);
  return actor;
}

/** Changing the account needs can_edit. */
export async function editorActor(db: AppDb, userId: string): Promise<AccountActor> {
  const actor = await adminActor(db, userId);
  if (!actor.canEdit) throw new AppError(403, 'account_read_only', ACCOUNT_ERRORS.readOnly);
  return actor;
}
