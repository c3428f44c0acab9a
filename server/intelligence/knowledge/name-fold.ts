/** How names are folded into index keys, and the plural of a people's name: plain string functions the gazetteer and its build share. */

/** Lower case, accents off, dots and apostrophes out, hyphens and underscores as spaces. */
export const fold = (s: string) =>
  s
    .toLowerCase()
    // French and Italian elisions: "l'Union européenne", "Côte d'Ivoire".
    .replace(/(^|[\s-])[ld]['’](?=\p{L})/gu, '$1')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['’.,]/g, '')
    .replace(/[-_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** As `fold`, accents kept: for names that must be written with them. */
export const foldKeepingAccents = (s: string) =>
  s
    .toLowerCase()
    .replace(/(^|[\s-])[ld]['’](?=\p{L})/gu, '$1')
    .normalize('NFC')
    .replace(/['’.,]/g, '')
    .replace(/[-_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The plural of a noun or adjective for a people: Dane -> Danes, Frenchman -> Frenchmen; Swiss, Chinese, British as they are. */
export function pluralOf(word: string): string {
  if (/(?:sh|ch|s)man$/.test(word)) return word.replace(/man$/, 'men');
  if (/(?:ese|ss|sh|ch|s|x|z)$/.test(word)) return word;
  if (/[^aeiou]y$/.test(word)) return word.replace(/y$/, 'ies');
  return `${word}s`;
}
