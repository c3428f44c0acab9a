/** A topic name as the spec shows it, capitalised: the first letter upper case, the rest as typed. */
export function capitalise(name: string): string {
  const trimmed = name.trim();
  return trimmed.charAt(0).toLocaleUpperCase() + trimmed.slice(1);
}
