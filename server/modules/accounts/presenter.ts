import { accountLogoUrl, type TAccountInfo, type TAccountUser } from '../../../contract/accounts.js';
import type { accounts, invites, users } from '../../db/schema/index.js';
import { canEditAccount } from './access.js';

/** Where GET /api/a/logo/{file} serves a stored logo (null when the account has none). */
export function presentInfo(account: typeof accounts.$inferSelect, canEdit: boolean): TAccountInfo {
  return { name: account.name, company: account.company, logo_url: accountLogoUrl(account.logoPath), sso_domain: account.ssoDomain, can_edit: canEdit };
}

/** The profile's city and country when the registration's free-text location is not set. */
function locationOf(user: typeof users.$inferSelect): string | null {
  if (user.location?.trim()) return user.location.trim();
  const parts = [user.city, user.country].map((part) => part?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

export function presentMember(user: typeof users.$inferSelect): TAccountUser {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    title: user.title,
    location: locationOf(user),
    role: user.role,
    status: 'ACTIVE',
    can_edit: canEditAccount(user),
    billing_admin: user.billingAdmin,
    invite_info: null,
  };
}

export function presentInvite(invite: typeof invites.$inferSelect, invitedBy: string | null, now = Date.now()): TAccountUser {
  return {
    id: invite.id,
    first_name: invite.firstName,
    last_name: invite.lastName,
    email: invite.email,
    title: null,
    location: null,
    role: invite.role,
    status: 'INVITED',
    can_edit: invite.role === 'ADMIN',
    billing_admin: false,
    invite_info: {
      invited_at: invite.createdAt.toISOString(),
      expires_at: invite.expiresAt.toISOString(),
      expired: invite.expiresAt.getTime() <= now,
      invited_by: invitedBy,
    },
  };
}
