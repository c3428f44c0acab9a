import { describe, expect, it } from 'vitest';
import { redactRequestUrl } from './redact.js';

describe('redactRequestUrl', () => {
  it('keeps no secret of an address: feed keys, invitation tokens, codes and tokens in the query', () => {
    expect(redactRequestUrl('/api/feeds/abcDEF123_secret/rss.xml?topic_id=4')).toBe('/api/feeds/[redacted]/rss.xml?topic_id=4');
    expect(redactRequestUrl('/api/invite/0123456789abcdef/')).toBe('/api/invite/[redacted]/');
    expect(redactRequestUrl('/api/auth/verify_email_confirmation/?uid=MTI&token=abc-123')).toBe('/api/auth/verify_email_confirmation/?uid=[redacted]&token=[redacted]');
    expect(redactRequestUrl('/a/12?judgement=more&CODE=1')).toBe('/a/12?judgement=more&CODE=[redacted]');
  });

  it('leaves other addresses as they are', () => {
    expect(redactRequestUrl('/api/for-you/?page=2')).toBe('/api/for-you/?page=2');
    expect(redactRequestUrl('/api/feeds')).toBe('/api/feeds');
  });
});
