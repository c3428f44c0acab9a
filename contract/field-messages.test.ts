import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldMessage } from './field-messages.js';

describe('field messages', () => {
  const schema = z.object({ a: z.string(), b: z.number().int().max(5), c: z.email(), d: z.enum(['x', 'y']), e: z.array(z.string()).max(1), f: z.boolean(), g: z.string().min(3), h: z.string().max(10, 'Ten at most') }).strict();
  it('says what each field needs in the product words, and keeps a message the schema gives', () => {
    const result = schema.safeParse({ b: 9.5, c: 'no', d: 'z', e: ['1', '2'], f: 'yes', g: 'a', h: 'x'.repeat(11), extra: 1 }, { error: fieldMessage });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.') || '(body)', i.message]));
    expect(messages).toEqual({
      a: 'This field is required.',
      b: 'Must be a whole number.',
      c: 'Must be a valid email address.',
      d: 'Must be one of: x, y.',
      e: 'At most 1 item.',
      f: 'Must be true or false.',
      g: 'At least 3 characters.',
      h: 'Ten at most',
      '(body)': 'Unknown field: extra.',
    });
    expect(Object.values(messages).join(' ')).not.toMatch(/Invalid input|expected|received/);
  });
});
