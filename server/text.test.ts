import { describe, expect, it } from 'vitest';
import { tokenCount, tokenCountByLines } from './text.js';

describe('tokenCountByLines', () => {
  it("counts a built-in record's prompt as the tokenizer does, each long line once", () => {
    const document = { title: 'Fed raises rates', summary: 'The committee raised the target range.', excerpt: 'The Federal Open Market Committee decided today to raise its target for the federal funds rate by 25 basis points, to 5-1/4 percent. '.repeat(25) };
    for (const name of ['Federal Reserve monetary policy', 'Bank capital rules', 'EU AI Act: "high-risk" systems']) {
      const prompt = JSON.stringify({ topic: { name, key_events: ['Rate decision', 'Minutes released'], key_places: [] }, document }, null, 1);
      expect(Math.abs(tokenCountByLines(prompt) - tokenCount(prompt))).toBeLessThanOrEqual(2);
    }
    expect(tokenCountByLines('')).toBe(0);
    expect(tokenCountByLines('one line')).toBe(tokenCount('one line'));
  });
});
