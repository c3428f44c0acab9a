import type { TMe } from '../../contract/auth';

/**
 * The Profile Completion meter: the share of eight fields that are filled:
 * location, job title function, employer, places, organizations, products markets, industries,
 * responsibilities. Blank strings and empty lists do not count.
 */
export function profileCompletion(user: TMe): number {
  const filled = (value: string | null | undefined | string[]) => (Array.isArray(value) ? value.some((v) => v.trim() !== '') : Boolean(value && value.trim() !== ''));
  const location = user.location ?? ([user.city, user.country].filter(Boolean).join(', ') || null);
  const fields = [location, user.job_title_function, user.employer, user.places_jurisdictions, user.organizations, user.products_markets, user.gpt_industries, user.gpt_responsibilities];
  return Math.round((fields.filter(filled).length / fields.length) * 100);
}

export function initialsOf(user: { first_name: string; last_name: string; email: string }): string {
  const initials = `${user.first_name.trim()[0] ?? ''}${user.last_name.trim()[0] ?? ''}`.toUpperCase();
  return initials || (user.email[0] ?? '?').toUpperCase();
}

export function fullName(user: { first_name: string; last_name: string; email: string }): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}
