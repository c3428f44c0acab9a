import { z } from 'zod';
import type { Connector, RawDocument } from '../types.js';
import { readFeedCursor, type FeedCursor } from './feed.js';
import { parseFetchedFeed } from './feed-parse.js';
import { collapse, movedTo, remember, stripTags, validatorsFor } from './util.js';

/**
 * Court RSS: the CM/ECF "Recent Entries" feeds of US courts (PACER), RSS 2.0 in ISO-8859-1. One
 * item per docket entry: title "<case number> <case name>", description "[<entry type>] ...".
 * Incremental by conditional GET and by the guids seen in the feed's last window.
 */

export const courtRssConfig = z.object({
  url: z.url().describe("The court's RSS address, e.g. https://ecf.mdb.uscourts.gov/cgi-bin/rss_outside.pl."),
  /** Court id as CourtListener spells it (ca10, mdb...); taken from the feed title when absent. */
  court: z.string().min(1).optional().describe("Court id as CourtListener spells it (ca10, mdb); read from the feed title when empty."),
});

/** "22-2127 Navarette v. Horton, et al" -> case number and name. */
export function splitCaseTitle(title: string): { caseNumber?: string; caseName: string } {
  const match = /^(\d{1,2}:)?(\d{2}-[\w-]+?)\s+(.*)$/.exec(title.trim());
  if (!match) return { caseName: title.trim() };
  return { caseNumber: (match[1] ?? '') + match[2], caseName: match[3]!.trim() };
}

export const courtRss: Connector<typeof courtRssConfig> = {
  kind: 'court_rss',
  label: 'Court RSS (PACER)',
  description: "A federal court's RSS feed of docket entries (CM/ECF).",
  defaultCollectionId: 7,
  config: courtRssConfig,
  minRequestIntervalMs: 2000,
  defaultIntervalMinutes: 60,
  async *fetch(context) {
    const { config } = context;
    const cursor = readFeedCursor(context.cursor);
    const validators = validatorsFor(cursor.validators, config.url);
    const response = await context.http.get({ url: config.url, ...(validators ? { validators } : {}) });
    // Moved for good (301/308): the source's stored address follows it.
    const moved = movedTo(response);
    if (response.notModified) {
      if (moved) yield { documents: [], cursor: context.cursor, settingsUpdate: moved };
      return;
    }
    const feed = await parseFetchedFeed(response.body, config.url);
    const court = feed.title.replace(/\s*-\s*Recent Entries\s*$/i, '') || undefined;
    const seen = new Set(cursor.seen);
    const documents: RawDocument[] = [];
    for (const item of feed.items) {
      if (seen.has(item.id)) continue;
      const { caseNumber, caseName } = splitCaseTitle(item.title);
      const description = item.html ?? item.text;
      const entry = stripTags(description);
      const entryType = /^\[([^\]]+)\]/.exec(entry)?.[1];
      const documentLink = /href=['"]([^'"]+)['"]/.exec(description)?.[1];
      documents.push({
        externalId: item.id,
        title: collapse(`${item.title}${entryType ? ` - ${entryType}` : ''}`),
        text: entry,
        ...(item.html ? { html: item.html } : {}),
        ...(item.link ? { url: item.link } : {}),
        // The link is the case's docket report, shared by every entry of the case.
        canonicalUrl: null,
        ...(court ? { publisher: court } : {}),
        publishedAt: item.publishedAt,
        language: 'en',
        contentType: 'court_docket_entry',
        metadata: { court: config.court ?? court, courtName: court, caseNumber, caseName, entryType, documentUrl: documentLink, feedUrl: config.url },
      });
    }
    context.progress?.(documents.length, documents.length);
    const remembered = remember(response, moved?.url ?? config.url);
    const nextSeen = [...new Set([...feed.items.map((i) => i.id), ...cursor.seen])].slice(0, 2000);
    yield { documents, cursor: { ...(remembered ? { validators: remembered } : {}), seen: nextSeen } satisfies FeedCursor, ...(moved ? { settingsUpdate: moved } : {}) };
  },
};
