import type { TAccountUser } from '../../../contract/accounts';
import { ACCOUNT_ERRORS, ACCOUNT_TEXT, LOGO_MAX_BYTES } from '../../../contract/accounts-text';

export const statusLabel = (user: Pick<TAccountUser, 'status'>) => (user.status === 'ACTIVE' ? 'Active' : 'Invited');

export function roleLabel(user: Pick<TAccountUser, 'role' | 'can_edit' | 'status'>): string {
  if (user.role === 'MEMBER') return 'Member';
  return user.can_edit || user.status === 'INVITED' ? 'Admin' : 'Admin (view only)';
}

export function displayName(user: Pick<TAccountUser, 'first_name' | 'last_name' | 'email'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/**
 * User search: case-insensitive over full name, email, title, location, role
 * and status, as stored (ADMIN, INVITED) and as shown (Admin, Invited).
 */
export function matchesSearch(user: TAccountUser, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  const fields = [`${user.first_name} ${user.last_name}`, user.email, user.title, user.location, user.role, user.role === 'ADMIN' ? 'administrator' : '', user.status, statusLabel(user), roleLabel(user)];
  return fields.some((field) => field?.toLowerCase().includes(term));
}

/** What blocks an invitation to `email` (checked after typing stops, only once it holds an @). */
export function duplicateProblem(email: string, users: readonly TAccountUser[]): string | undefined {
  const address = email.trim().toLowerCase();
  if (!address.includes('@')) return undefined;
  const match = users.find((user) => user.email.toLowerCase() === address);
  if (!match) return undefined;
  return match.status === 'ACTIVE' ? ACCOUNT_TEXT.alreadyMember : ACCOUNT_ERRORS.alreadyInvited;
}

/** Raster formats the server accepts; anything else is 'Please select an image file'. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** The logo checks (type and size), before anything is uploaded. */
export function logoProblem(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!LOGO_TYPES.includes(file.type)) return ACCOUNT_TEXT.notImage;
  if (file.size >= LOGO_MAX_BYTES) return ACCOUNT_TEXT.tooLarge;
  return undefined;
}

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
export const shortDate = (iso: string) => DATE.format(new Date(iso));
