/**
 * Tolerant reading of stored article data, for the server's presenters and the web alike: the
 * article JSON a model wrote holds lists, documents, takeaways and tables as structures or as
 * JSON text, sometimes malformed. Nothing here throws: what cannot be read is empty, or text.
 */

/** JSON text parsed, anything else as given; text that is not JSON stays text. */
export function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!trimmed.startsWith('[') && !trimmed.startsWith('{')) return value;
  try {
    return JSON.parse(trimmed);
  } catch {
    return value;
  }
}

/** A list, or a list in JSON text; anything else is an empty list. */
export function parseList(value: unknown): unknown[] {
  const parsed = parseJson(value);
  return Array.isArray(parsed) ? parsed : [];
}

/** An object (not an array), else null. */
export const record = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/** A finite number, or a string that reads as one, else null. */
export const num = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** A string as it is, a number as text, anything else the fallback. */
export const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback);
