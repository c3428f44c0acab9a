import { describe, expect, it } from 'vitest';
import { chatMessagesProblem, chatPayloadProblem, CHAT_MESSAGES } from './chat.js';

describe('chatMessagesProblem', () => {
  it.each([
    [undefined, CHAT_MESSAGES.notArray],
    [[], CHAT_MESSAGES.notArray],
    [{ role: 'user', content: 'x' }, CHAT_MESSAGES.notArray],
    [['hi'], "Message at position 0 is missing 'role'"],
    [[{ role: 'user', content: 'a' }, { content: 'b' }], "Message at position 1 is missing 'role'"],
    [[{ role: 'tool', content: 'a' }], 'Message at position 0 has invalid role'],
    [[{ role: 'user' }], "Message at position 0 is missing 'content'"],
    [[{ role: 'user', content: 3 }], "Message at position 0 is missing 'content'"],
    [[{ role: 'assistant', content: ' \n ' }], 'Message at position 0 has empty content'],
    [[{ role: 'system', content: 'rules' }], 'At least one message must have role "user" or "assistant"'],
  ])('%j -> %s', (messages, problem) => {
    expect(chatMessagesProblem(messages)).toBe(problem);
  });

  it('passes a well-formed transcript', () => {
    expect(chatMessagesProblem([{ role: 'system', content: 'rules' }, { role: 'user', content: 'Track lithium' }, { role: 'assistant', content: 'Added.' }])).toBeNull();
  });
});

describe('chatPayloadProblem', () => {
  it.each([['an answer'], [{ text: 'Other text' }], [{ selectedOptions: ['1'] }], [{ message: 'x', selections: [] }]])('accepts %j', (payload) => {
    expect(chatPayloadProblem(payload)).toBeNull();
  });
  it.each([[''], [null], [42], [[]], [{}], [{ text: '  ' }], [{ selectedOptions: [] }], [{ message: 'x' }]])('refuses %j', (payload) => {
    expect(chatPayloadProblem(payload)).toBe(CHAT_MESSAGES.invalidPayload);
  });
});
