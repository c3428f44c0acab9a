import { chatMessagesProblem, CHAT_ROLES, type TChatTurn } from '../../../contract/chat.js';
import { TOPIC_MESSAGES, type TAddTopicChatResponse } from '../../../contract/topics.js';
import { addTopicChat, optionLines, topicPhrases } from '../../intelligence/capabilities/add-topic-chat.js';
import { CapabilityError, runCapability } from '../../intelligence/engine.js';
import { normalizeTopicName } from '../../intelligence/builtin/topic-analysis.js';
import { AppError } from '../../http/errors.js';
import type { TopicContext } from '../user-topics/context.js';
import { activeTopics, presentTopic } from '../user-topics/topics.js';
import { loadUser, onboardingModel, requireProfile } from '../user-topics/user.js';
import { assessTopic } from './validate.js';
import { usageMeter } from '../../billing/meter.js';

/** Turns of a chat the client keeps: at most this many are read. */
const MAX_TURNS = 60;

/**
 * The question the assistant asked after each of `answers`: the assistant message just before
 * each answer in the transcript (the chat is stateless: the client sends the whole transcript).
 */
function questionsFor(transcript: TChatTurn[], answers: string[]): { question: string; answer: string }[] {
  const out: { question: string; answer: string }[] = [];
  let from = transcript.length - 1;
  for (let a = answers.length - 1; a >= 0; a--) {
    for (let i = from; i >= 1; i--) {
      if (transcript[i]!.role === 'user' && transcript[i]!.content.trim() === answers[a] && transcript[i - 1]!.role === 'assistant') {
        out.unshift({ question: transcript[i - 1]!.content, answer: answers[a]! });
        from = i - 2;
        break;
      }
    }
  }
  return out.length === answers.length ? out : answers.map((answer) => ({ question: TOPIC_MESSAGES.clarificationNeeded, answer }));
}

/** When a message names several topics and a question is about one, the question quotes it. */
function pendingPhrase(name: string, question: string | undefined): string {
  const phrases = topicPhrases(name);
  if (phrases.length <= 1 || !question) return name;
  return phrases.find((p) => question.includes(`“${normalizeTopicName(p)}”`)) ?? phrases[0]!;
}

/**
 * POST /topics/add/chat/: the transcript is checked with
 * the spec's messages, the user's onboarding model reads which topics the newest message names
 * (or which question it answers), and each goes through the same validation as the entry panel:
 * clear ones are created, an unclear one is asked about in the next assistant message.
 */
export async function addTopicChatRequest(context: TopicContext, userId: string, raw: unknown): Promise<TAddTopicChatResponse> {
  const problem = chatMessagesProblem(raw);
  if (problem) throw new AppError(400, 'invalid_messages', problem, { transcript: [problem] });
  const transcript = (raw as TChatTurn[]).slice(-MAX_TURNS).map((t) => ({ role: t.role, content: t.content.slice(0, 4000) }));
  if (transcript.some((t) => !CHAT_ROLES.includes(t.role))) throw new AppError(400, 'invalid_messages', TOPIC_MESSAGES.sendChatFailed);
  const { db } = context.database;
  const user = await loadUser(db, userId);
  requireProfile(user);
  const existing = (await activeTopics(db, userId)).map((t) => t.name);

  const say = (content: string, created: TAddTopicChatResponse['created_topics'] = [], failure: string | null = null): TAddTopicChatResponse => ({
    messages: [...transcript, { role: 'assistant', content }],
    created_topics: created,
    failure_reason: failure,
  });
  let reading;
  try {
    reading = (await runCapability(addTopicChat, { transcript, existing }, onboardingModel(user), { llm: context.config.llm, logger: context.logger, meter: usageMeter({ db: context.database.db, logger: context.logger, publicUrl: context.config.publicUrl }, { userId: userId, topicId: null }) })).output;
  } catch (error) {
    if (!(error instanceof CapabilityError)) throw error;
    context.logger.warn({ err: error, userId }, 'add-topic chat failed');
    return { messages: transcript, created_topics: [], failure_reason: TOPIC_MESSAGES.rephrase };
  }
  if (reading.topics.length === 0) return say(reading.reply?.trim() || 'What would you like to track?');

  const created: TAddTopicChatResponse['created_topics'] = [];
  const lines: string[] = [];
  let failure: string | null = null;
  let asked = false;
  for (const { name, answers } of reading.topics.slice(0, 5)) {
    const turns = questionsFor(transcript, answers);
    const topic = answers.length ? pendingPhrase(name, turns[0]?.question) : name;
    const outcome = await assessTopic(context, user, { topic, turns, sources: [], existingNames: [] });
    if (outcome.status === 'validated' && outcome.row) {
      created.push(presentTopic(outcome.row));
      lines.push(`Added “${outcome.row.name}” to your topics.`);
    } else if (outcome.status === 'duplicate') lines.push(`You're already tracking “${outcome.name ?? topic}”.`);
    else if (outcome.status === 'clarification_needed' && !asked) {
      asked = true;
      lines.push(outcome.options.length ? `${outcome.question}\n${optionLines(outcome.options)}` : outcome.question!);
    } else if (outcome.status === 'failed') {
      failure = outcome.error;
      lines.push(outcome.error ?? TOPIC_MESSAGES.validationFailed);
    }
  }
  if (!asked && created.length) lines.push('Tell me if there is anything else you would like to track.');
  return say(lines.join('\n\n'), created, failure);
}
