import { describe, expect, it } from 'vitest';
import type { TWebhookPayload } from '../../contract/deliveries.js';
import { slackMessage } from './send.js';

const hostile = {
  id: 7,
  title: 'Verify <https://evil.example|your account> | now',
  introduction: '<!channel> Click <https://evil.example|here> & win [1].',
  points: [],
  takeaway: '',
  impact: null,
  url: 'https://herald.example.com/a/7',
  topic: { id: 1, name: 'Banks <!here>' },
  published_at: '2026-11-27T00:00:00Z',
};
const payload = (type: TWebhookPayload['type'], extra: Partial<TWebhookPayload>): TWebhookPayload => ({ id: 'd1', type, created_at: '2026-11-27T00:00:00Z', user: { id: 'u', email: 'u@herald.test' }, ...extra });

describe('slackMessage', () => {
  it("escapes every field a source or a user wrote: a mention or a link in them is shown, never obeyed", () => {
    const { text } = slackMessage(payload('article', { article: hostile }));
    expect(text).toBe('*Banks &lt;!here&gt;:* <https://herald.example.com/a/7|Verify &lt;https://evil.example your account&gt;   now>\n&lt;!channel&gt; Click &lt;https://evil.example|here&gt; &amp; win.');
    // The only link is the article's own, and no mention is live.
    expect(text.match(/<[^&]/g)).toEqual(['<h']);
    expect(text).not.toMatch(/<!/);
  });

  it('escapes a brief the same way', () => {
    const { text } = slackMessage(payload('brief', { brief: { date: '27 <!channel>', articles: [hostile] } }));
    expect(text).not.toMatch(/<!/);
    expect(text).toContain('(Banks &lt;!here&gt;)');
  });
});
