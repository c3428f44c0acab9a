import { desc, eq } from 'drizzle-orm';
import type { TestHerald } from '../../test/harness.js';
import { outboxEmails } from '../../db/schema/index.js';

/** Helpers for auth API tests: call the API, read what was emailed. */
export function authKit(herald: TestHerald) {
  const app = herald.app!;
  // Each call comes from its own client address unless a test pins one: rate limits are per IP.
  const anyIp = () => `127.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const headers = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
  const post = (url: string, payload: unknown, token?: string, ip = anyIp()) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers: headers(token), remoteAddress: ip });
  const get = (url: string, token?: string, ip = anyIp()) => app.inject({ method: 'GET', url, headers: headers(token), remoteAddress: ip });

  async function lastEmail(to: string, template?: string) {
    const rows = await herald.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.createdAt));
    const row = rows.find((r) => !template || r.template === template);
    if (!row) throw new Error(`no ${template ?? ''} email to ${to}`);
    return { ...row, code: /\b(\d{6})\b/.exec(row.text)?.[1], link: /(https?:\/\/\S+confirm-email\?\S+)/.exec(row.text)?.[1] };
  }

  let counter = 0;
  const newEmail = () => `user${Date.now().toString(36)}${++counter}@example.com`;
  const PASSWORD = 'correct horse battery staple';

  async function register(email = newEmail(), extra: Record<string, unknown> = {}) {
    const response = await post('/api/auth/register/', { first_name: 'Ada', last_name: 'Lovelace', email, password: PASSWORD, ...extra });
    return { email, response };
  }

  /** A registered and confirmed user with a live session. */
  async function signedIn(email = newEmail()) {
    await register(email);
    const { code } = await lastEmail(email, 'confirm-email');
    const response = await post('/api/auth/verify_email_confirmation/', { email, code });
    const tokens = response.json() as { access: string; refresh: string };
    return { email, ...tokens };
  }

  return { post, get, lastEmail, newEmail, register, signedIn, PASSWORD };
}
