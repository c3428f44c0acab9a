/**
 * Comment text (issue 39 item 5): plain text in which addresses become links and @handles name
 * teammates. Shared by the server (which resolves the handles a comment holds) and the web app
 * (which draws the pieces as text, links and highlighted names; never as markup).
 *
 * A handle is the part of a teammate's email address before the @, in lower case
 * ("ada.lovelace" for Ada.Lovelace@example.com): it is what the autocomplete inserts.
 */

/** The handle of a user: the local part of their email, lower case. */
export function handleOf(email: string): string {
  const at = email.lastIndexOf('@');
  return (at > 0 ? email.slice(0, at) : email).toLowerCase();
}

/**
 * `@handle` where the @ starts the text or follows a character that cannot be part of an address
 * (so "mail ada@example.com" names nobody). A handle's last dots belong to the sentence.
 */
const MENTION = /(^|[^A-Za-z0-9_.+@-])@([A-Za-z0-9][A-Za-z0-9._+-]{0,63})/g;
const trimHandle = (raw: string) => raw.replace(/\.+$/, '').toLowerCase();

/** The distinct handles the text names, lower case, in order of first appearance. */
export function mentionHandles(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const handle = trimHandle(match[2]!);
    if (handle) seen.add(handle);
  }
  return [...seen];
}

export type TCommentPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string } | { kind: 'mention'; text: string; handle: string };

/** http(s) addresses and www. ones; what ends a sentence is left out of the address. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;

function trimLink(raw: string): string {
  let link = raw.replace(/[.,;:!?*_~]+$/, '');
  // A closing bracket belongs to the address only when the address opened one ("…/Foo_(bar)").
  while (/[)\]}]$/.test(link)) {
    const close = link.at(-1)!;
    const open = close === ')' ? '(' : close === ']' ? '[' : '{';
    if (link.split(open).length >= link.split(close).length) break;
    link = link.slice(0, -1).replace(/[.,;:!?*_~]+$/, '');
  }
  return link;
}

/** A safe href for an address found in text: http(s) only, else nothing. */
function hrefOf(text: string): string | undefined {
  const candidate = /^www\./i.test(text) ? `https://${text}` : text;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The text in pieces: links, mentions (only the handles in `mentioned`, the ones the server
 * resolved to teammates) and the plain text between. Joining the pieces' text gives the text back.
 */
export function commentPieces(text: string, mentioned: readonly string[] = []): TCommentPiece[] {
  const known = new Set(mentioned.map((h) => h.toLowerCase()));
  const marks: { start: number; end: number; piece: TCommentPiece }[] = [];
  for (const match of text.matchAll(LINK)) {
    const raw = trimLink(match[0]);
    const href = hrefOf(raw);
    if (href) marks.push({ start: match.index, end: match.index + raw.length, piece: { kind: 'link', text: raw, href } });
  }
  for (const match of text.matchAll(MENTION)) {
    const handle = trimHandle(match[2]!);
    if (!known.has(handle)) continue;
    const start = match.index + match[1]!.length;
    const end = start + 1 + handle.length;
    if (marks.some((m) => start < m.end && end > m.start)) continue;
    marks.push({ start, end, piece: { kind: 'mention', text: text.slice(start, end), handle } });
  }
  marks.sort((a, b) => a.start - b.start);
  const pieces: TCommentPiece[] = [];
  let at = 0;
  for (const mark of marks) {
    if (mark.start > at) pieces.push({ kind: 'text', text: text.slice(at, mark.start) });
    pieces.push(mark.piece);
    at = mark.end;
  }
  if (at < text.length) pieces.push({ kind: 'text', text: text.slice(at) });
  return pieces;
}

/** The handle being typed at the caret ("@ad|" -> "ad"), for the autocomplete; undefined when none. */
export function handleAtCaret(text: string, caret: number): { start: number; query: string } | undefined {
  const before = text.slice(0, caret);
  const match = /(^|[^A-Za-z0-9_.+@-])@([A-Za-z0-9._+-]{0,64})$/.exec(before);
  if (!match) return undefined;
  return { start: caret - match[2]!.length - 1, query: match[2]!.toLowerCase() };
}
