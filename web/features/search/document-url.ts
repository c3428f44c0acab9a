/**
 * Where /d/{id} sends the browser: the document's original address, with a
 * text-fragment highlight of `keyword` when one is given. Only web addresses are followed; anything
 * else (no address, another scheme) answers null and the page goes to /.
 */
export function documentRedirectUrl(url: string | null | undefined, keyword: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const words = keyword?.trim();
  if (!words) return parsed.href;
  // Text fragments escape '-', '&' and ',' too (they are syntax inside the directive).
  const fragment = `:~:text=${encodeURIComponent(words).replace(/-/g, '%2D').replace(/,/g, '%2C')}`;
  return parsed.hash ? `${parsed.href}${fragment}` : `${parsed.href}#${fragment}`;
}
