import { describe, expect, it } from 'vitest';
import { escapeHtml, formatDate, plainName, renderEmail, type TemplateData, type TemplateName } from './templates.js';

const ctx = { publicUrl: 'https://herald.example.com' };
const link = 'https://herald.example.com/confirm?token=abc&email=ada%40example.com';
const when = new Date('2026-03-03T04:05:00Z');

const SAMPLES: { [N in TemplateName]: TemplateData[N] } = {
  'confirm-email': { firstName: 'Ada', link, code: '123456', minutes: 30, linkMinutes: 1440 },
  'account-exists': { firstName: 'Ada', loginUrl: 'https://herald.example.com/login', resetUrl: 'https://herald.example.com/reset?x=1&y=2' },
  'reset-code': { firstName: 'Ada', code: '234567', minutes: 15 },
  'password-changed': { firstName: 'Ada', when },
  'password-change-code': { firstName: 'Ada', code: '345678', minutes: 10 },
  'email-change-code': { firstName: 'Ada', code: '456789', minutes: 10, side: 'old', newEmail: 'ada@new.example.com' },
  invite: { inviterName: 'Grace Hopper', accountName: 'Acme Research', link, expiresAt: when },
  'ai-budget': { firstName: 'Ada', title: "The account's monthly AI budget is spent ($50.00 of $50.00)", body: 'Its stages run on the built-in engine until 2026-04-01.', link: 'https://herald.example.com/account/billing' },
  notice: { firstName: 'Ada', kindLabel: 'Shared with you', title: 'Grace shared: Fed cuts rates', body: 'Look at the second point.', link: 'https://herald.example.com/a/7' },
  'daily-brief': { firstName: 'Ada', date: '3 March 2026', articles: [{ title: 'Fed cuts rates', topicName: 'Monetary policy', introduction: 'The FOMC lowered its target.', link: 'https://herald.example.com/a/7' }], feedUrl: 'https://herald.example.com/' },
  'trend-spike': { firstName: 'Ada', topicName: 'Crude oil prices', day: '3 March 2026', count: 12, baseline: 1.5, lead: 'OPEC cuts output', leadLink: 'https://herald.example.com/a/9', link: 'https://herald.example.com/topics/4' },
  'breaking-alert': { firstName: 'Ada', topicName: 'Monetary policy', title: 'Fed cuts rates to 4.75% <now>', introduction: 'The FOMC lowered its target.', points: ['Two governors dissented.'], link: 'https://herald.example.com/a/42', impact: { severity: 4, confidence: 'medium', whyItMatters: 'It names Acme Bank, which you follow.', next: 'May 20, 2026: The Committee will meet again.' } },
};

/** What each email must carry, in its text and (escaped) in its HTML. */
const MUST_CONTAIN: { [N in TemplateName]: string[] } = {
  'confirm-email': [link, '123456', 'The code expires in 30 minutes, the link in 24 hours.'],
  'account-exists': ['https://herald.example.com/login', 'https://herald.example.com/reset?x=1&y=2'],
  'reset-code': ['234567', '15 minutes'],
  'password-changed': ['3 March 2026 at 04:05 UTC', 'If it was not you'],
  'password-change-code': ['345678', '10 minutes'],
  'email-change-code': ['456789', 'ada@new.example.com', '10 minutes'],
  invite: [link, 'Grace Hopper', 'Acme Research', '3 March 2026 at 04:05 UTC'],
  'ai-budget': ["The account's monthly AI budget is spent ($50.00 of $50.00).", 'built-in engine until 2026-04-01', 'https://herald.example.com/account/billing', 'billing administrator'],
  notice: ['Shared with you: Grace shared: Fed cuts rates', 'Look at the second point.', 'https://herald.example.com/a/7', 'Notifications'],
  'daily-brief': ['3 March 2026', 'Open your feed', '1. Fed cuts rates (Monetary policy)', 'https://herald.example.com/a/7', 'newsletter is on'],
  'trend-spike': ['12 articles on Crude oil prices since 3 March 2026, against about 1.5 a day in the 14 days before.', 'Leading them: OPEC cuts output', 'https://herald.example.com/a/9', 'https://herald.example.com/topics/4', 'turn them off'],
  'breaking-alert': [
    'Monetary policy',
    'Fed cuts rates to 4.75% <now>',
    'The FOMC lowered its target.',
    '- Two governors dissented.',
    'Severity 4/5 (medium confidence). Why it matters to you: It names Acme Bank, which you follow.',
    'Next: May 20, 2026: The Committee will meet again.',
    'https://herald.example.com/a/42',
    'More like this',
    'https://herald.example.com/a/42?judgement=more',
    'Less like this',
    'https://herald.example.com/a/42?judgement=less',
    'turn them off',
  ],
};

describe('the invitation', () => {
  it('greets the invitee by the name the inviter typed, and says Hello without one', () => {
    expect(renderEmail('invite', { ...SAMPLES.invite, inviteeName: 'Ada' }, ctx).text).toMatch(/^Hi Ada,/);
    expect(renderEmail('invite', SAMPLES.invite, ctx).text).toMatch(/^Hello,/);
  });
});

describe('email templates', () => {
  for (const name of Object.keys(SAMPLES) as TemplateName[]) {
    it(`renders ${name} as subject, text and HTML with its links and codes`, () => {
      const email = renderEmail(name, SAMPLES[name] as never, ctx);
      expect(email.subject).toMatch(/Herald/);
      expect(email.subject).not.toMatch(/[\r\n]/);
      expect(email.text).toContain(name === 'invite' ? 'Hello,' : 'Hi Ada,');
      expect(email.text).toContain(ctx.publicUrl);
      expect(email.html).toMatch(/^<!doctype html>/);
      expect(email.html).toContain(`<title>${escapeHtml(email.subject)}</title>`);
      expect(email.html).toContain(`href="${ctx.publicUrl}"`);
      for (const value of MUST_CONTAIN[name]) {
        expect(email.text).toContain(value);
        expect(email.html).toContain(escapeHtml(value));
      }
    });
  }

  it('puts links in href attributes with & escaped', () => {
    const { html } = renderEmail('confirm-email', SAMPLES['confirm-email'], ctx);
    expect(html).toContain('href="https://herald.example.com/confirm?token=abc&amp;email=ada%40example.com"');
    expect(html).not.toContain('token=abc&email');
  });

  it('words the email-change code for each side', () => {
    const data = SAMPLES['email-change-code'];
    const old = renderEmail('email-change-code', data, ctx);
    const fresh = renderEmail('email-change-code', { ...data, side: 'new' }, ctx);
    expect(old.subject).toMatch(/Approve/);
    expect(old.text).toMatch(/approve the change/);
    expect(fresh.subject).toMatch(/Confirm your new/);
    expect(fresh.text).toMatch(/ada@new\.example\.com is your address/);
  });

  it('escapes every interpolated value in the HTML', () => {
    const hostile = '<script>alert("x")</script>';
    const emails = [
      renderEmail('confirm-email', { ...SAMPLES['confirm-email'], firstName: hostile }, ctx),
      renderEmail('email-change-code', { ...SAMPLES['email-change-code'], firstName: hostile, newEmail: `"><img src=x onerror=alert(1)>` }, ctx),
      renderEmail('invite', { ...SAMPLES.invite, inviterName: hostile, accountName: `O'Brien & <b>Co</b>` }, ctx),
      renderEmail('confirm-email', { ...SAMPLES['confirm-email'], link: 'https://herald.example.com/c?t="><script>x</script>' }, ctx),
    ];
    for (const email of emails) {
      expect(email.html).not.toMatch(/<script|<img|<b>/);
    }
    expect(emails[1]!.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(emails[3]!.html).toContain('href="https://herald.example.com/c?t=&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(emails[0]!.html).toContain('Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    expect(emails[0]!.text).toContain(`Hi ${hostile},`);
    expect(emails[2]!.html).toContain('O&#39;Brien &amp; &lt;b&gt;Co&lt;/b&gt;');
    // The subject is a header and the HTML <title>: escaped in the HTML, raw in the header.
    expect(emails[2]!.subject).toContain(hostile);
    expect(emails[2]!.html).toContain('<title>&lt;script&gt;');
  });

  it('keeps line breaks in names out of the subject', () => {
    const { subject } = renderEmail('invite', { ...SAMPLES.invite, inviterName: 'Eve\r\nBcc: all@example.com' }, ctx);
    expect(subject).toBe('Eve Bcc invited you to Acme Research on Herald');
  });

  it('gives the breaking alert a "More like this" and a "Less like this" link, each on its own line in the text', () => {
    const { text, html } = renderEmail('breaking-alert', SAMPLES['breaking-alert'], ctx);
    expect(text).toContain('More like this: https://herald.example.com/a/42?judgement=more\nLess like this: https://herald.example.com/a/42?judgement=less');
    expect(html).toContain('<a href="https://herald.example.com/a/42?judgement=less" target="_blank" rel="noopener" style="color:#1d4ed8;font-weight:600;">Less like this</a>');
  });

  it('refuses links that are not http(s)', () => {
    expect(() => renderEmail('confirm-email', { ...SAMPLES['confirm-email'], link: 'javascript:alert(1)' }, ctx)).toThrow(/http/);
  });

  it('says "1 minute", greets without a first name, and formats dates in English UTC', () => {
    const { text } = renderEmail('reset-code', { firstName: ' ', code: '111111', minutes: 1 }, ctx);
    expect(text).toContain('expires in 1 minute.');
    expect(text.startsWith('Hello,')).toBe(true);
    expect(formatDate(new Date('2026-12-31T23:59:00-05:00'))).toBe('1 January 2027 at 04:59 UTC');
  });

  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('names people typed, in emails', () => {
  it('carry no link or address, on one line, at most 60 characters', () => {
    expect(plainName('Your IT Helpdesk - urgent: http://evil.example')).toBe('Your IT Helpdesk - urgent');
    expect(plainName('Acme Research (verify at www.evil.example/login)')).toBe('Acme Research (verify at');
    expect(plainName('Grace\nHopper mail me: grace@evil.example')).toBe('Grace Hopper mail me');
    expect(plainName('Acme Research')).toBe('Acme Research');
    expect(plainName('x'.repeat(100))).toHaveLength(60);
    const invite = renderEmail('invite', { inviterName: 'IT Helpdesk http://evil.example/login', accountName: 'verify your password at evil.example', link, expiresAt: when }, ctx);
    const own = `${invite.subject} ${invite.text}`.replace(link, '').replaceAll(ctx.publicUrl, '');
    expect(own).not.toMatch(/evil\.example|https?:/);
  });
});

describe('the daily brief’s “While you were away”', () => {
  const away = [{ title: 'Emergency rate cut', kindLabel: 'Breaking alert', link: 'https://herald.example.com/a/9' }];
  it('lists what quiet hours held, before the articles, with its link', () => {
    const email = renderEmail('daily-brief', { ...SAMPLES['daily-brief'], away }, ctx);
    expect(email.text).toContain('While you were away\n\nBreaking alert: Emergency rate cut\nOpen: https://herald.example.com/a/9');
    expect(email.text.indexOf('While you were away')).toBeLessThan(email.text.indexOf('Fed cuts rates'));
    expect(email.html).toContain('href="https://herald.example.com/a/9"');
  });

  it('says so in the subject when held notices are all there is, and leaves the section out when nothing was held', () => {
    const only = renderEmail('daily-brief', { ...SAMPLES['daily-brief'], articles: [], away }, ctx);
    expect(only.subject).toBe('Your Herald brief for 3 March 2026: 1 notice');
    expect(only.text).toContain('no new article since your last brief');
    expect(renderEmail('daily-brief', SAMPLES['daily-brief'], ctx).text).not.toContain('While you were away');
  });
});
