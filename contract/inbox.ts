import { z } from 'zod';

/**
 * The inbox (issue 39): one user's notifications in the app (breaking alerts, topic spikes,
 * shares, mentions, comments, a teammate joining, a disabled source, a budget, seats running out), and sharing an article with
 * teammates. Every call is the signed-in user's own, inside their account.
 */
export const INBOX_ITEM_KINDS = ['alert', 'spike', 'share', 'mention', 'comment', 'member_joined', 'source_disabled', 'budget', 'seats'] as const;
export type TInboxItemKind = (typeof INBOX_ITEM_KINDS)[number];

export const INBOX_TABS = ['all', 'mentions'] as const;
export type TInboxTab = (typeof INBOX_TABS)[number];
/** The kinds the Mentions tab lists (comments that @name the reader, issue 39 item 5). */
export const MENTION_KINDS: readonly TInboxItemKind[] = ['mention'];

export const INBOX_PAGE_SIZE = 25;
/**
 * How often a visible app asks for the counts (a few index lookups, ~2 ms): short enough that a
 * breaking alert is on the bell within 2 s of its decision at p95 (scripts/bench-inbox.ts, ADR 011).
 */
export const INBOX_POLL_MS = 1_500;
export const SHARE_NOTE_MAX = 1000;
export const SHARE_RECIPIENTS_MAX = 50;
/** Shares one user may send a minute (per API process). */
export const SHARES_PER_MINUTE = 20;

export const INBOX_MESSAGES = {
  itemNotFound: 'This notification was not found.',
  articleNotFound: 'Article not found.',
  noRecipients: 'Choose at least one teammate, or the whole account.',
  recipientOutsideAccount: 'You can share only with members of your account.',
  nobodyToShareWith: 'Nobody else is in your account yet. Invite a teammate first.',
  cursorInvalid: 'This page marker is not valid. Start again from the first page.',
} as const;

export const INBOX_KIND_LABELS: Record<TInboxItemKind, string> = {
  alert: 'Breaking alert',
  spike: 'Topic spike',
  share: 'Shared with you',
  mention: 'Mentioned you',
  comment: 'New comment',
  member_joined: 'Teammate joined',
  source_disabled: 'Source disabled',
  budget: 'AI budget',
  seats: 'Seats full',
};

export const ZInboxCounts = z.object({
  /** Unread, not archived: the bell's number and the All tab's. */
  unread: z.number().int(),
  mentions: z.number().int(),
  /** The newest item's id (0 when none): a client that saw it has nothing new to fetch. */
  latest_id: z.number().int(),
});
export type TInboxCounts = z.infer<typeof ZInboxCounts>;

export const ZInboxItem = z.object({
  id: z.number().int(),
  kind: z.enum(INBOX_ITEM_KINDS),
  title: z.string(),
  body: z.string().nullable(),
  /** The article the item opens (/a/{article_id}), when it is about one. */
  article_id: z.number().int().nullable(),
  /** The comment it is about (kinds mention and comment): the article opens at it. */
  comment_id: z.number().int().nullable(),
  topic_id: z.number().int().nullable(),
  source_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type TInboxItem = z.infer<typeof ZInboxItem>;

export const ZInboxPage = z.object({
  items: z.array(ZInboxItem),
  /** Pass as ?before= for the next page of 25; null on the last page. */
  next_cursor: z.string().nullable(),
  counts: ZInboxCounts,
});
export type TInboxPage = z.infer<typeof ZInboxPage>;

export const ZInboxQuery = z
  .object({
    tab: z.enum(INBOX_TABS, { message: 'One of: all, mentions.' }).default('all'),
    before: z.string().regex(/^\d{1,18}$/, INBOX_MESSAGES.cursorInvalid).optional(),
  })
  .strict();

export const ZInboxItemUpdate = z
  .object({
    read: z.boolean().optional(),
    archived: z.literal(true, { message: 'Archived items cannot be restored; send true to archive.' }).optional(),
  })
  .strict()
  .refine((body) => body.read !== undefined || body.archived !== undefined, { message: 'Send read or archived.' });
export type TInboxItemUpdate = z.input<typeof ZInboxItemUpdate>;

export const ZInboxMarkAll = z.object({ tab: z.enum(INBOX_TABS, { message: 'One of: all, mentions.' }).default('all') }).strict();

export const ZTeammate = z.object({ id: z.string(), name: z.string(), email: z.string() });
export const ZTeammates = z.object({ teammates: z.array(ZTeammate) });
export type TTeammate = z.infer<typeof ZTeammate>;

export const ZShareCreate = z
  .object({
    /** Teammates' user ids; leave empty with whole_account true to share with everyone in the account. */
    user_ids: z.array(z.uuid({ message: 'A teammate’s id.' })).max(SHARE_RECIPIENTS_MAX, `At most ${SHARE_RECIPIENTS_MAX} teammates at once.`).default([]),
    whole_account: z.boolean().default(false),
    note: z.string().trim().max(SHARE_NOTE_MAX, `A note of at most ${SHARE_NOTE_MAX} characters.`).optional(),
  })
  .strict();
export type TShareCreate = z.input<typeof ZShareCreate>;

export const ZArticleShare = z.object({
  id: z.number().int(),
  sharer_name: z.string(),
  /** Whether the reader is the one who shared it. */
  mine: z.boolean(),
  note: z.string().nullable(),
  whole_account: z.boolean(),
  recipients: z.array(z.string()),
  created_at: z.string(),
});
export type TArticleShare = z.infer<typeof ZArticleShare>;
export const ZArticleShares = z.object({
  /** Whether the article is the reader's own (else it was shared with them). */
  owned: z.boolean(),
  shares: z.array(ZArticleShare),
});
export type TArticleShares = z.infer<typeof ZArticleShares>;
