import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_STATUSES, outboxEmails } from '../../db/schema/index.js';
import type { AppServices } from '../../http/services.js';
import { escapeHtml } from '../../mail/templates.js';
import { LINK_PATTERN } from '../../mail/transport.js';

export const ZDevMailboxEmail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(EMAIL_STATUSES),
  created_at: z.string(),
});
export const ZDevMailboxResponse = z.object({ emails: z.array(ZDevMailboxEmail) });
export type TDevMailboxEmail = z.infer<typeof ZDevMailboxEmail>;

const ZQuery = z.object({ to: z.string().trim().max(320).optional() });

async function listEmails(services: AppServices, to: string | undefined, limit: number): Promise<TDevMailboxEmail[]> {
  const rows = await services.database.db
    .select()
    .from(outboxEmails)
    .where(to ? eq(sql`lower(${outboxEmails.to})`, to.toLowerCase()) : undefined)
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    template: row.template,
    text: row.text,
    html: row.html,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  }));
}

/** Escapes the text and makes its links clickable (the email's HTML stays sandboxed). */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    const url = escapeHtml(match[0]);
    out += `${escapeHtml(text.slice(last, match.index))}<a href="${url}">${url}</a>`;
    last = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

const STATUS_COLOURS: Record<TDevMailboxEmail['status'], string> = { pending: '#92400e', sent: '#166534', failed: '#991b1b' };

const STYLE = `
  body { margin: 0; font: 15px/1.5 -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif; color: #1f2937; background: #f9fafb; }
  header, main { max-width: 960px; margin: 0 auto; padding: 16px; }
  h1 { font-size: 22px; margin: 8px 0; }
  form { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
  input { font: inherit; padding: 4px 8px; min-width: 260px; }
  article { background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; padding: 16px; margin: 0 0 16px; }
  h2 { font-size: 17px; margin: 0 0 4px; }
  .meta { color: #4b5563; font-size: 13px; margin: 0 0 8px; }
  .status { font-weight: 600; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f3f4f6; padding: 12px; border-radius: 6px; margin: 0 0 8px; font-size: 14px; }
  iframe { width: 100%; height: 520px; border: 1px solid #e5e7eb; border-radius: 6px; background: #fff; }
  a { color: #1d4ed8; }
  .empty { color: #6b7280; }
`;

function page(emails: TDevMailboxEmail[], to: string | undefined): string {
  const items = emails.map((email) => {
    const time = `${email.created_at.slice(0, 19).replace('T', ' ')} UTC`;
    return `<article>
<h2>${escapeHtml(email.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(email.to)}</strong> · ${escapeHtml(email.template)} · <span class="status" style="color:${STATUS_COLOURS[email.status]}">${email.status}</span> · ${time}</p>
<pre>${linkify(email.text)}</pre>
<details><summary>HTML version</summary>
<iframe title="HTML version of ${escapeHtml(email.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(email.html)}"></iframe>
</details>
</article>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Herald</title><style>${STYLE}</style></head>
<body><header>
<h1>Dev mailbox</h1>
<p>Emails Herald has written, newest first. Not served in production.</p>
<form method="get" action="/dev/mailbox"><label>To <input type="email" name="to" value="${escapeHtml(to ?? '')}"></label>
<button type="submit">Filter</button> <a href="/dev/mailbox">All</a> · <a href="">Refresh</a></form>
</header>
<main>${items.length > 0 ? items.join('\n') : '<p class="empty">No emails yet.</p>'}</main>
</body></html>`;
}

/**
 * Without a mail server and outside production, every email Herald writes is readable here: as a
 * page for people, and as JSON for browser tests that need a code or a link. In production, or
 * once SMTP_URL points at a real server, the routes do not exist: they would only expose codes.
 */
export const devMailboxRoutes =
  (services: AppServices): FastifyPluginAsyncZod =>
  async (app) => {
    if (services.config.production || services.config.smtpUrl) return;

    app.get(
      '/api/dev/mailbox/',
      { schema: { hide: true, querystring: ZQuery, response: { 200: ZDevMailboxResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { emails: await listEmails(services, request.query.to || undefined, 50) };
      },
    );

    app.get('/dev/mailbox', { schema: { hide: true, querystring: ZQuery } }, async (request, reply) => {
      const to = request.query.to || undefined;
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page(await listEmails(services, to, 100), to));
    });
  };
