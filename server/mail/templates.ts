/** Every email Herald sends: one typed entry per template, rendered to plain text and simple HTML. */

import { JUDGEMENT_LABELS, JUDGEMENTS, type TJudgement } from '../../contract/judgement-text.js';

export const PRODUCT_NAME = 'Herald';

export interface TemplateData {
  'confirm-email': { firstName: string; link: string; code: string; minutes: number; linkMinutes: number };
  'account-exists': { firstName: string; loginUrl: string; resetUrl: string };
  'reset-code': { firstName: string; code: string; minutes: number };
  'password-changed': { firstName: string; when: Date };
  'password-change-code': { firstName: string; code: string; minutes: number };
  'email-change-code': { firstName: string; code: string; minutes: number; side: 'old' | 'new'; newEmail: string };
  /** inviteeName: the first name the inviter typed ('' when none). */
  invite: { inviteeName?: string; inviterName: string; accountName: string; link: string; expiresAt: Date };
  /** A topic's spike (server/trends/spike-alerts.ts). */
  'trend-spike': { firstName: string; topicName: string; day: string; count: number; baseline: number; lead?: string; leadLink?: string; link: string };
  'breaking-alert': { firstName: string; topicName: string; title: string; introduction: string; points: string[]; link: string; impact?: ImpactLines };
  /** A monthly AI budget at 80% or spent, to a billing administrator (server/billing/budgets.ts). */
  'ai-budget': { firstName: string; title: string; body: string; link: string };
  /** An inbox notice by email, per the reader's preferences (a share, a mention, a comment: server/notifications/outbox.ts). */
  notice: { firstName: string; kindLabel: string; title: string; body?: string; link: string };
  'daily-brief': {
    firstName: string;
    date: string;
    articles: { title: string; topicName: string; introduction: string; link: string; breaking?: boolean; impact?: ImpactLines }[];
    /** Spikes and rising names of the day, each with its topic dashboard. */
    trending?: { topicName: string; text: string; link: string }[];
    /** Notices quiet hours held for the brief (the reader's choice): "While you were away". */
    away?: { title: string; kindLabel: string; link: string }[];
    feedUrl: string;
  };
}
export type TemplateName = keyof TemplateData;

export interface EmailContext {
  /** The product's address, linked from the footer. */
  publicUrl: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** Content as blocks, so the text and HTML versions cannot drift apart. */
type Block =
  | { kind: 'p'; text: string }
  | { kind: 'button'; label: string; url: string; secondary?: boolean }
  | { kind: 'code'; code: string }
  | { kind: 'note'; text: string }
  /** A sentence followed by small links on one line (in the text version, one link a line). */
  | { kind: 'links'; text: string; links: { label: string; url: string }[] };

interface Content {
  subject: string;
  blocks: Block[];
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** "3 March 2026 at 14:05 UTC": English, and UTC so every reader sees the same time. */
export function formatDate(date: Date): string {
  return `${DATE_FORMAT.format(date)} UTC`;
}

const minutesText = (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes} minutes`);
/** Whole hours as hours ('24 hours'), the rest as minutes. */
const durationText = (minutes: number) => (minutes >= 60 && minutes % 60 === 0 ? (minutes === 60 ? '1 hour' : `${minutes / 60} hours`) : minutesText(minutes));
/**
 * A name someone typed (a first name, an inviter's or an account's), as an email may carry it: no
 * web or email addresses (an account named "IT Helpdesk - verify at http://evil.example" must not
 * put a link in an invitation), one line, at most NAME_MAX characters.
 */
export function plainName(name: string): string {
  const cleaned = name
    .replace(/\b(?:https?:\/\/|www\.)\S*/gi, '')
    .replace(/\S+@\S+/g, '')
    .replace(/\b[\w-]+(?:\.[\w-]+)*\.(?:com|net|org|io|co|info|biz|example|xyz|ru|cn|app|dev)\b\S*/gi, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s:;,.-]+|[\s:;,-]+$/g, '')
    .trim();
  return cleaned.length > NAME_MAX ? `${cleaned.slice(0, NAME_MAX - 1).trimEnd()}…` : cleaned;
}
const NAME_MAX = 60;

/**
 * The article's address with a judgement: the article page applies it once the reader is signed
 * in, shows it as chosen and drops the parameter from the address.
 */
export function judgementLink(articleLink: string, judgement: TJudgement): string {
  const url = new URL(articleLink);
  url.searchParams.set('judgement', judgement);
  return url.toString();
}

const hi = (firstName: string): Block => ({ kind: 'p', text: plainName(firstName) ? `Hi ${plainName(firstName)},` : 'Hello,' });

const TEMPLATES: { [N in TemplateName]: (data: TemplateData[N], ctx: EmailContext) => Content } = {
  'confirm-email': (d) => ({
    subject: `Confirm your email for ${PRODUCT_NAME}`,
    blocks: [
      hi(d.firstName),
      { kind: 'p', text: `Confirm your email address to finish creating your ${PRODUCT_NAME} account.` },
      { kind: 'button', label: 'Confirm my email', url: d.link },
      { kind: 'p', text: 'Or enter this code on the confirmation screen:' },
      { kind: 'code', code: d.code },
      { kind: 'p', text: `The code expires in ${minutesText(d.minutes)}, the link in ${durationText(d.linkMinutes)}.` },
      { kind: 'note', text: `If you did not create a ${PRODUCT_NAME} account, ignore this email.` },
    ],
  }),
  'account-exists': (d) => ({
    subject: `Someone tried to sign up to ${PRODUCT_NAME} with your email`,
    blocks: [
      hi(d.firstName),
      { kind: 'p', text: `Someone tried to create a ${PRODUCT_NAME} account with this email address, but you already have one.` },
      { kind: 'p', text: 'If it was you, log in, or reset your password if you have forgotten it.' },
      { kind: 'button', label: 'Log in', url: d.loginUrl },
      { kind: 'button', label: 'Reset my password', url: d.resetUrl, secondary: true },
      { kind: 'note', text: 'If it was not you, ignore this email: your account has not changed.' },
    ],
  }),
  'reset-code': (d) => ({
    subject: `Your ${PRODUCT_NAME} password reset code`,
    blocks: [
      hi(d.firstName),
      { kind: 'p', text: `Enter this code to choose a new password for your ${PRODUCT_NAME} account:` },
      { kind: 'code', code: d.code },
      { kind: 'p', text: `The code expires in ${minutesText(d.minutes)}.` },
      { kind: 'note', text: 'If you did not ask to reset your password, ignore this email: your password stays the same.' },
    ],
  }),
  'password-changed': (d, ctx) => ({
    subject: `Your ${PRODUCT_NAME} password was changed`,
    blocks: [
      hi(d.firstName),
      { kind: 'p', text: `The password of your ${PRODUCT_NAME} account was changed on ${formatDate(d.when)}.` },
      { kind: 'p', text: 'Every other session was signed out and your personal API tokens were revoked: make new tokens in My Profile where you need them.' },
      { kind: 'p', text: 'If you did this, there is nothing else to do.' },
      { kind: 'p', text: `If it was not you, reset your password at once: open ${PRODUCT_NAME}, choose Log in, then Forgot password.` },
      { kind: 'button', label: `Open ${PRODUCT_NAME}`, url: ctx.publicUrl },
    ],
  }),
  'password-change-code': (d) => ({
    subject: `Your ${PRODUCT_NAME} code to change your password`,
    blocks: [
      hi(d.firstName),
      { kind: 'p', text: `Enter this code to confirm the change of your ${PRODUCT_NAME} password:` },
      { kind: 'code', code: d.code },
      { kind: 'p', text: `The code expires in ${minutesText(d.minutes)}.` },
      { kind: 'note', text: 'If you did not try to change your password, do not share this code, and change your password: someone may be signed in to your account.' },
    ],
  }),
  'email-change-code': (d) =>
    d.side === 'old'
      ? {
          subject: `Approve the change of your ${PRODUCT_NAME} email`,
          blocks: [
            hi(d.firstName),
            { kind: 'p', text: `Someone asked to change the email address of your ${PRODUCT_NAME} account to ${d.newEmail}.` },
            { kind: 'p', text: 'If it was you, enter this code to approve the change:' },
            { kind: 'code', code: d.code },
            { kind: 'p', text: `The code expires in ${minutesText(d.minutes)}.` },
            { kind: 'note', text: 'If it was not you, do not share this code, and change your password: someone may be signed in to your account.' },
          ],
        }
      : {
          subject: `Confirm your new ${PRODUCT_NAME} email`,
          blocks: [
            hi(d.firstName),
            { kind: 'p', text: `Enter this code to confirm that ${d.newEmail} is your address for ${PRODUCT_NAME}:` },
            { kind: 'code', code: d.code },
            { kind: 'p', text: `The code expires in ${minutesText(d.minutes)}.` },
            { kind: 'note', text: 'If you did not ask for this, ignore this email.' },
          ],
        },
  invite: (d) => ({
    subject: `${plainName(d.inviterName) || 'A colleague'} invited you to ${plainName(d.accountName) || 'a team'} on ${PRODUCT_NAME}`,
    blocks: [
      hi(d.inviteeName ?? ''),
      { kind: 'p', text: `${plainName(d.inviterName) || 'A colleague'} invited you to join ${plainName(d.accountName) || 'a team'} on ${PRODUCT_NAME}, an intelligence feed that follows the topics your team cares about.` },
      { kind: 'button', label: 'Accept the invitation', url: d.link },
      { kind: 'p', text: `The invitation expires on ${formatDate(d.expiresAt)}.` },
      { kind: 'note', text: 'If you were not expecting it, ignore this email.' },
    ],
  }),
  'trend-spike': (d) => ({
    subject: `${PRODUCT_NAME}: a spike in ${d.topicName}`,
    blocks: [
      hi(d.firstName),
      { kind: 'p', text: `${d.count} articles on ${d.topicName} since ${d.day}, against about ${d.baseline} a day in the 14 days before.` },
      ...(d.lead && d.leadLink ? [{ kind: 'p', text: `Leading them: ${d.lead}` } as Block, { kind: 'button', label: 'Read it', url: d.leadLink, secondary: true } as Block] : []),
      { kind: 'button', label: 'See the trend', url: d.link },
      { kind: 'note', text: 'You receive spike notices because alerts are on in your profile. You can turn them off in My Profile.' },
    ],
  }),
  'ai-budget': (d) => ({
    subject: `${PRODUCT_NAME}: ${d.title}`,
    blocks: [
      hi(d.firstName),
      { kind: 'p', text: `${d.title}.` },
      { kind: 'p', text: d.body },
      { kind: 'button', label: 'Open Billing', url: d.link },
      { kind: 'note', text: 'You receive budget notices because you are a billing administrator of your account.' },
    ],
  }),
  notice: (d) => ({
    subject: `${PRODUCT_NAME}: ${d.title}`,
    blocks: [
      hi(d.firstName),
      { kind: 'p', text: `${d.kindLabel}: ${d.title}` },
      ...(d.body ? [{ kind: 'p', text: d.body } as Block] : []),
      { kind: 'button', label: 'Open in Herald', url: d.link },
      { kind: 'note', text: 'You receive these emails because of your notification preferences. You can change them in My Profile, under Notifications.' },
    ],
  }),
  'breaking-alert': (d) => ({
    subject: `${PRODUCT_NAME} breaking: ${d.title}`,
    blocks: [
      hi(d.firstName),
      { kind: 'p', text: `New on ${d.topicName}:` },
      { kind: 'p', text: d.title },
      { kind: 'p', text: d.introduction },
      ...d.points.map((point): Block => ({ kind: 'p', text: `- ${point}` })),
      ...impactBlocks(d.impact),
      { kind: 'button', label: 'Read the article', url: d.link },
      {
        kind: 'links',
        text: `Tell Herald whether you want more articles like this one in ${d.topicName}:`,
        links: JUDGEMENTS.map((judgement) => ({ label: JUDGEMENT_LABELS[judgement], url: judgementLink(d.link, judgement) })),
      },
      { kind: 'note', text: 'You receive breaking alerts because alerts are on in your profile. You can turn them off in My Profile.' },
    ],
  }),
  'daily-brief': (d) => ({
    subject: `Your ${PRODUCT_NAME} brief for ${d.date}: ${d.articles.length ? plural(d.articles.length, 'article') : plural(d.away?.length ?? 0, 'notice')}`,
    blocks: [
      hi(d.firstName),
      { kind: 'p', text: d.articles.length ? `Your brief for ${d.date}: the most important news on your topics since your last brief.` : `Your brief for ${d.date}: no new article since your last brief.` },
      ...awayBlocks(d.away),
      ...d.articles.flatMap((a, i): Block[] => [
        { kind: 'p', text: `${i + 1}. ${a.breaking ? 'Breaking: ' : ''}${a.title} (${a.topicName})` },
        { kind: 'p', text: a.introduction },
        ...impactBlocks(a.impact),
        { kind: 'button', label: 'Read', url: a.link, secondary: true },
      ]),
      ...(d.trending?.length
        ? [
            { kind: 'p', text: 'Trending in your topics' } as Block,
            ...d.trending.flatMap((t): Block[] => [
              { kind: 'p', text: `${t.topicName}: ${t.text}` },
              { kind: 'button', label: 'See the trend', url: t.link, secondary: true },
            ]),
          ]
        : []),
      { kind: 'button', label: 'Open your feed', url: d.feedUrl },
      { kind: 'note', text: 'You receive this brief because the newsletter is on in your profile. You can turn it off in My Profile.' },
    ],
  }),
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What quiet hours held for the brief: one line and link an item, before the articles. */
function awayBlocks(away: TemplateData['daily-brief']['away']): Block[] {
  if (!away?.length) return [];
  return [{ kind: 'p', text: 'While you were away' }, ...away.map((a): Block => ({ kind: 'links', text: `${a.kindLabel}: ${a.title}`, links: [{ label: 'Open', url: a.link }] }))];
}

/** An article's impact as an email says it (citations left out: the article page carries them). */
export interface ImpactLines {
  severity: number;
  confidence: string;
  whyItMatters?: string;
  /** The first date on the horizon: "May 20, 2024: Comments must be received ..." */
  next?: string;
}

function impactBlocks(impact: ImpactLines | undefined): Block[] {
  if (!impact) return [];
  const blocks: Block[] = [{ kind: 'p', text: `Severity ${impact.severity}/5 (${impact.confidence} confidence)${impact.whyItMatters ? `. Why it matters to you: ${impact.whyItMatters}` : '.'}` }];
  if (impact.next) blocks.push({ kind: 'p', text: `Next: ${impact.next}` });
  return blocks;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe in element content and in quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Links are built by Herald itself; anything but http(s) is a bug, and must not reach a mailbox. */
function checkedUrl(url: string): string {
  const protocol = URL.canParse(url) ? new URL(url).protocol : '';
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`Email link is not an http(s) URL: ${url}`);
  return url;
}

function toText(content: Content, ctx: EmailContext): string {
  const parts = content.blocks.map((block) => {
    switch (block.kind) {
      case 'button':
        return `${block.label}: ${block.url}`;
      case 'code':
        return `    ${block.code}`;
      case 'links':
        return [block.text, ...block.links.map((link) => `${link.label}: ${link.url}`)].join('\n');
      default:
        return block.text;
    }
  });
  return `${parts.join('\n\n')}\n\n-- \n${PRODUCT_NAME}: ${ctx.publicUrl}\n`;
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const P_STYLE = 'margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937;';

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'p':
      return `<p style="${P_STYLE}">${escapeHtml(block.text)}</p>`;
    case 'links': {
      const links = block.links.map((link) => `<a href="${escapeHtml(checkedUrl(link.url))}" target="_blank" rel="noopener" style="color:#1d4ed8;font-weight:600;">${escapeHtml(link.label)}</a>`);
      return `<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#374151;">${escapeHtml(block.text)}<br>${links.join(' &middot; ')}</p>`;
    }
    case 'note':
      return `<p style="margin:24px 0 0;font-size:14px;line-height:20px;color:#6b7280;">${escapeHtml(block.text)}</p>`;
    case 'code':
      return `<p style="margin:0 0 16px;font-family:'SFMono-Regular',Consolas,'Liberation Mono',Menlo,monospace;font-size:32px;line-height:40px;font-weight:700;letter-spacing:6px;color:#111827;">${escapeHtml(block.code)}</p>`;
    case 'button': {
      const colours = block.secondary ? 'background:#ffffff;color:#1d4ed8;border:1px solid #1d4ed8;' : 'background:#1d4ed8;color:#ffffff;border:1px solid #1d4ed8;';
      return (
        `<p style="margin:0 0 16px;"><a href="${escapeHtml(checkedUrl(block.url))}" target="_blank" rel="noopener" ` +
        `style="display:inline-block;padding:12px 20px;border-radius:6px;font-size:16px;font-weight:600;text-decoration:none;${colours}">` +
        `${escapeHtml(block.label)}</a></p>`
      );
    }
  }
}

function toHtml(content: Content, ctx: EmailContext): string {
  const publicUrl = escapeHtml(checkedUrl(ctx.publicUrl));
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6;font-family:${FONT};">`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;"><tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;">',
    `<tr><td style="padding:24px 32px 0;font-size:20px;font-weight:700;color:#111827;">${PRODUCT_NAME}</td></tr>`,
    `<tr><td style="padding:24px 32px 32px;">${content.blocks.map(blockHtml).join('')}</td></tr>`,
    '</table>',
    `<p style="margin:16px 0 0;font-size:12px;line-height:18px;color:#6b7280;">Sent by ${PRODUCT_NAME} · <a href="${publicUrl}" style="color:#6b7280;">${publicUrl}</a></p>`,
    '</td></tr></table></body></html>',
  ].join('\n');
}

export function renderEmail<N extends TemplateName>(name: N, data: TemplateData[N], ctx: EmailContext): RenderedEmail {
  const template = TEMPLATES[name] as (data: TemplateData[N], ctx: EmailContext) => Content;
  const content = template(data, ctx);
  // A line break in a user-supplied name must not leak into the Subject header.
  const subject = content.subject.replace(/[\r\n]+/g, ' ').trim();
  return { subject, text: toText({ ...content, subject }, ctx), html: toHtml({ ...content, subject }, ctx) };
}
