import type { TInterviewMessage, TInterviewStage, TInterviewState } from '../../../contract/onboarding.js';
import type { InterviewTurn } from '../../intelligence/capabilities/interview.js';
import type { UserRow } from '../user-topics/user.js';
import type { ConversationRow, MessageRow } from '../user-topics/conversations.js';

/** What the interview keeps besides its messages: the stage, each question's choice settings and each answer. */
export interface InterviewState extends Record<string, unknown> {
  stage: TInterviewStage;
  asked: Record<string, { step: string | null; question: string; max: number; allowOther: boolean }>;
  answers: Record<string, { selected: string[]; texts: string[]; other: string | null }>;
}

export const emptyInterview = (): InterviewState => ({ stage: 'interview', asked: {}, answers: {} });

/** The interview as turns for the capabilities: each question with its options and the answer given. */
export function interviewTurns(state: InterviewState, messages: MessageRow[]): InterviewTurn[] {
  const turns: InterviewTurn[] = [];
  for (const [i, message] of messages.entries()) {
    if (message.role !== 'assistant') continue;
    const asked = state.asked[String(message.id)];
    const answer = state.answers[String(message.id)];
    const reply = messages.slice(i + 1).find((m) => m.role === 'user');
    turns.push({
      step: asked?.step ?? null,
      question: asked?.question ?? message.content,
      options: message.options ?? [],
      answer: answer && reply ? { text: reply.content, selected: answer.selected, other: answer.other } : null,
    });
  }
  return turns;
}

export function presentInterview(user: UserRow, conversation: ConversationRow | undefined, messages: MessageRow[], redirect = false): TInterviewState {
  const state = (conversation?.state as InterviewState | undefined) ?? emptyInterview();
  const hasProfile = Boolean(user.gptProfile);
  const stage: TInterviewStage = !conversation ? (hasProfile ? 'profile' : 'interview') : state.stage;
  const presented: TInterviewMessage[] = stage === 'profile' ? [] : messages.filter((m) => m.role !== 'system').map((m) => {
    const asked = state.asked[String(m.id)];
    const answer = state.answers[String(m.id)];
    const options = (m.options ?? []).map((o) => ({ id: o.id, text: o.text, description: null }));
    const choice = asked && options.length
      ? { question: asked.question, options, multiple_selections: asked.max > 1, max_selections: asked.max, allow_other_text: asked.allowOther, footer: asked.max > 1 ? `Choose up to ${asked.max}.` : null }
      : null;
    return {
      id: String(m.id),
      content: m.content,
      isUser: m.role === 'user',
      timestamp: m.createdAt.toISOString(),
      agent: m.role === 'user' ? 'user' : 'interviewer',
      step: asked?.step ?? null,
      multiple_choice: choice,
      has_multiple_choice: Boolean(choice),
      response_received: Boolean(answer),
      selected_option_keys: answer?.selected ?? [],
      selected_option_texts: answer?.texts ?? [],
      other_text: answer?.other ?? null,
      has_other_response: Boolean(answer?.other),
    };
  });
  const lastAsked = [...messages].reverse().find((m) => m.role === 'assistant');
  return {
    conversation_id: conversation?.id ?? null,
    stage,
    agent: 'interviewer',
    step: lastAsked ? (state.asked[String(lastAsked.id)]?.step ?? null) : null,
    parsed_turns: Object.keys(state.answers).length,
    messages: presented,
    profile: hasProfile
      ? {
          gpt_profile: user.gptProfile!,
          places_jurisdictions: user.placesJurisdictions,
          organizations: user.organizations,
          products_markets: user.productsMarkets,
          gpt_industries: user.gptIndustries,
          gpt_responsibilities: user.gptResponsibilities,
        }
      : null,
    redirect_to_profile_completion: redirect,
  };
}
