import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.js';

export interface OutgoingEmail {
  /** The outbox row's id: the email's Message-ID, the same on every attempt. */
  id?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type Delivery = 'smtp' | 'log';

// One transporter per URL: nodemailer parses the URL and resolves options once.
const transporters = new Map<string, Transporter>();

function transporterFor(smtpUrl: string): Transporter {
  let transporter = transporters.get(smtpUrl);
  if (!transporter) {
    transporter = nodemailer.createTransport(smtpUrl);
    transporters.set(smtpUrl, transporter);
  }
  return transporter;
}

/** http(s) URLs in plain text, without a sentence's final punctuation. */
export const LINK_PATTERN = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)]/g;
const CODE = /\b\d{6}\b/g;

/** What a developer needs from an email that went nowhere: where it links, and its codes. */
export function linksAndCodes(text: string): { links: string[]; codes: string[] } {
  const links = [...new Set(text.match(LINK_PATTERN) ?? [])];
  // Digits inside a link (a port, a token) are not codes.
  const codes = [...new Set(text.replace(LINK_PATTERN, ' ').match(CODE) ?? [])];
  return { links, codes };
}

/**
 * Delivers over SMTP when SMTP_URL is set. Without it nothing leaves the machine: the email
 * counts as sent, stays readable in the dev mailbox, and one log line carries its links and
 * codes so `npm start` is usable without a mail server.
 */
export async function deliver(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, logger: Logger, email: OutgoingEmail): Promise<Delivery> {
  if (!config.smtpUrl) {
    logger.info({ to: email.to, subject: email.subject, ...linksAndCodes(email.text) }, 'email not sent (no SMTP_URL): logged instead');
    return 'log';
  }
  await transporterFor(config.smtpUrl).sendMail({
    // One Message-ID per outbox row: a retry after a crash that followed delivery is recognisably the same email, not a new one.
    ...(email.id ? { messageId: messageIdOf(email.id, config.mailFrom) } : {}),
    from: config.mailFrom,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
  });
  return 'smtp';
}

/** `<outbox-{id}@{the sender's domain}>`. */
export function messageIdOf(id: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'herald.local';
  return `<outbox-${id}@${domain}>`;
}
