import { z } from 'zod';
import type { TChatTurn } from '../../../contract/chat.js';
import { LEAD_INS } from '../builtin/world.js';
import { meaningfulTerms, normalizeTopicName } from '../builtin/topic-analysis.js';
import type { Capability } from '../types.js';

export interface AddTopicChatInput {
  transcript: TChatTurn[];
  existing: string[];
}

export const ZAddTopicChatTurn = z.object({
  topics: z
    .array(z.object({ name: z.string(), answers: z.array(z.string()) }))
    .describe('Topics to add now: each as the user first named it, with the user\'s answers to questions asked about it since, oldest first.'),
  reply: z.string().nullable().describe('What to say when there is no topic to add (a greeting, a question about what to track, thanks).'),
});
export type TAddTopicChatTurn = z.infer<typeof ZAddTopicChatTurn>;

/** "1. ...\n2. ..." lines of an option list written into a question. */
export const optionLines = (options: { id: string; text: string }[]) => options.map((o) => `${o.id}. ${o.text}`).join('\n');

const CLOSERS = /^(?:no|nope|nothing|that's all|thats all|that is all|done|thanks|thank you|no thanks|all good|that's it)[.! ]*$/i;

/** Topic phrases in a message: one per line or list item; commas split only a plain list of names. */
export function topicPhrases(message: string): string[] {
  const body = message.replace(LEAD_INS, '').trim();
  const lines = body.split(/\n|;|•|(?:^|\s)-\s/).map((l) => l.trim()).filter(Boolean);
  const out: string[] = [];
  for (const line of lines) {
    const parts = line.split(/,\s*/);
    // "lithium prices, cobalt supply, nickel" is a list; "mergers, acquisitions in the EU" reads as one.
    const list = parts.length > 1 && parts.length <= 6 && parts.every((p) => meaningfulTerms(p).length > 0 && p.split(' ').length <= 6);
    for (const part of list ? parts : [line]) {
      const name = normalizeTopicName(part.replace(/^(?:and|also)\s+/i, ''));
      if (name && meaningfulTerms(name).length > 0) out.push(name);
    }
  }
  return [...new Set(out)].slice(0, 5);
}

/**
 * Built-in reading of the add-topic chat: the newest user message either answers the question
 * the assistant just asked about a topic (the topic goes back with every answer given so far) or
 * names new topics. A closing remark ("no, that's all") gets a goodbye.
 */
export function builtinAddTopicChat(input: AddTopicChatInput): TAddTopicChatTurn {
  const turns = input.transcript.filter((t) => t.role !== 'system');
  const last = turns[turns.length - 1];
  if (!last || last.role !== 'user') return { topics: [], reply: 'What would you like to track? Name a company, technology, regulation, market or event.' };
  if (CLOSERS.test(last.content.trim())) return { topics: [], reply: 'Great. Your new topics are being set up and will appear in your feed as matching documents arrive.' };
  // Walk back over question/answer pairs to the message that named the topic being clarified.
  const answers: string[] = [];
  let i = turns.length - 1;
  while (i >= 2 && turns[i]!.role === 'user' && turns[i - 1]!.role === 'assistant' && /\?\s*(?:\n[\s\S]*)?$/.test(turns[i - 1]!.content) && turns[i - 2]!.role === 'user') {
    answers.unshift(turns[i]!.content.trim());
    i -= 2;
  }
  if (answers.length > 0) {
    const original = topicPhrases(turns[i]!.content)[0] ?? turns[i]!.content.trim();
    return { topics: [{ name: original, answers }], reply: null };
  }
  const phrases = topicPhrases(last.content);
  if (phrases.length === 0) return { topics: [], reply: 'Which topic should I add? Name a company, technology, regulation, market or event.' };
  return { topics: phrases.map((name) => ({ name, answers: [] })), reply: null };
}

export const addTopicChat: Capability<AddTopicChatInput, typeof ZAddTopicChatTurn> = {
  name: 'add-topic chat',
  stage: 'topic_validation',
  output: ZAddTopicChatTurn,
  systemPrompt: [
    'You help a professional add topics to their news and intelligence feed in a chat.',
    'Read the conversation. If the newest user message names topics to follow, return them in topics (as the user named them, answers empty).',
    'If it answers a question the assistant asked about a topic, return that topic as first named with all the user\'s answers about it since, oldest first.',
    'Otherwise return no topics and a short reply (ask what to track, or say goodbye when they are done). Never add a topic from existing_topics again.',
  ].join('\n'),
  userMessage: (input) => JSON.stringify({ conversation: input.transcript, existing_topics: input.existing }, null, 1),
  builtin: builtinAddTopicChat,
};
