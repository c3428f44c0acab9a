import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '../../../contract/chat.js';
import { CONVERSATION_MESSAGES, INTERVIEW_DONE_PHRASE, type TInterviewState } from '../../../contract/onboarding.js';
import { topics, users } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { onboardingKit, seedCorpus } from '../onboarding/onboarding-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof onboardingKit>;
beforeAll(async () => {
  herald = await createTestHerald();
  kit = onboardingKit(herald);
  await seedCorpus(herald, [{ set: 'fed_monetary', pattern: /federal funds rate/i, count: 8 }]);
});
afterAll(async () => herald?.close());

const chat = (token: string, body: Record<string, unknown>) => kit.call('POST', '/api/conversation/chat/', token, body);
const lastQuestion = (state: TInterviewState) => [...state.messages].reverse().find((m) => !m.isUser)!;

/** A user with a completed profile form but no AI profile (as after a profile reset). */
async function interviewee() {
  const user = await kit.profiledUser();
  await herald.database.db.update(users).set({ gptProfile: null, onboardingCompletedAt: null, suggestionsCompletedAt: null }).where(eq(users.id, user.id));
  return user;
}

async function waitForStage(token: string, stage: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const status = (await kit.get('/api/conversation/onboarding_status/', token)).json();
    if (status.stage === stage) return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`stage ${stage} not reached`);
}

describe('the interview (built-in engine)', () => {
  it('runs a structured interview that ends in a profile and the chosen topics', async () => {
    const user = await interviewee();
    const before = (await kit.get('/api/conversation/onboarding_status/', user.access)).json();
    expect(before).toMatchObject({ conversation_id: null, stage: 'interview', messages: [], onboardingStatus: { profile_completed: true, has_profile: false } });

    let state: TInterviewState = (await kit.call('POST', '/api/conversation/start/', user.access)).json();
    expect(state.stage).toBe('interview');
    expect(state.messages).toHaveLength(1);
    const role = lastQuestion(state);
    expect(role.content).toMatch(/^Hi Ada! .*Which best describes your role\?$/);
    expect(role.multiple_choice).toMatchObject({ max_selections: 1, allow_other_text: true, multiple_selections: false });
    expect(role.step).toBe('role');
    // Starting again returns the same open interview.
    expect((await kit.call('POST', '/api/conversation/start/', user.access)).json().conversation_id).toBe(state.conversation_id);

    const pick = async (texts: string[], other?: string) => {
      const question = lastQuestion(state);
      const ids = texts.map((t) => question.multiple_choice!.options.find((o) => o.text === t)!.id);
      const response = await chat(user.access, { conversation_id: state.conversation_id, user_selections: { selectedOptions: ids, ...(other ? { text: other } : {}) } });
      expect(response.statusCode).toBe(200);
      state = response.json();
    };
    await pick(['Analyst or researcher']);
    const answered = state.messages.find((m) => m.id === role.id)!;
    expect(answered).toMatchObject({ response_received: true, selected_option_texts: ['Analyst or researcher'] });
    expect(state.messages[1]).toMatchObject({ isUser: true, content: 'Analyst or researcher' });
    // The industries offered open with those the profile form implies (a policy analyst following the
    // Federal Reserve and banking regulation: banking and government, in either order), then the rest.
    expect(lastQuestion(state).multiple_choice!.options.slice(0, 2).map((o) => o.text).sort()).toEqual(['Banking & Capital Markets', 'Government & Public Sector']);
    await pick(['Banking & Capital Markets'], 'Central banking');
    expect(state.messages.find((m) => m.isUser && m.content === 'Banking & Capital Markets, Central banking')).toBeDefined();
    await pick(['News and business reporting', 'Regulations and agency rules']);
    await pick(['United States', 'European Union']);
    state = (await chat(user.access, { conversation_id: state.conversation_id, answer_text: 'Federal Reserve, European Central Bank' })).json();
    const offered = lastQuestion(state);
    expect(offered.step).toBe('topics');
    expect(offered.multiple_choice!.options.map((o) => o.text)).toContain('Federal Reserve monetary policy');
    await pick(['Federal Reserve monetary policy']);
    expect(lastQuestion(state).content).toContain(INTERVIEW_DONE_PHRASE);
    expect(['ready', 'profile_loading', 'profile_ready', 'profile']).toContain(state.stage);

    const done = await waitForStage(user.access, 'profile');
    expect(done.messages).toEqual([]);
    expect(done.profile.gpt_industries[0]).toBe('Banking & Capital Markets');
    expect(done.profile.places_jurisdictions).toEqual(expect.arrayContaining(['United States', 'European Union']));
    expect(done.profile.organizations).toEqual(expect.arrayContaining(['Federal Reserve', 'European Central Bank']));
    expect(done.onboardingStatus).toMatchObject({ has_profile: true, onboarding_complete: true });
    const created = await herald.database.db.select().from(topics).where(eq(topics.userId, user.id));
    expect(created.map((t) => [t.name, t.sources])).toEqual([['Federal Reserve monetary policy', [1, 6]]]);
    // Chatting after the end is refused.
    expect((await chat(user.access, { conversation_id: state.conversation_id, answer_text: 'more' })).statusCode).toBe(409);
  });

  it('checks the chat payload with the spec’s message and the choices offered', async () => {
    const user = await interviewee();
    const state: TInterviewState = (await kit.call('POST', '/api/conversation/start/', user.access)).json();
    const id = state.conversation_id;
    for (const body of [{}, { answer_text: '' }, { answer_text: 42 }, { user_selections: { foo: 1 } }, { user_selections: { selectedOptions: [] } }]) {
      const response = await chat(user.access, { conversation_id: id, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(CHAT_MESSAGES.invalidPayload);
    }
    expect((await chat(user.access, { conversation_id: id, selected_options: ['99'] })).json().error).toBe(CONVERSATION_MESSAGES.unknownOption);
    expect((await chat(user.access, { conversation_id: id, selected_options: ['1', '2'] })).json().error).toBe(CONVERSATION_MESSAGES.tooManyOptions(1));
    // message + selections is an accepted shape; 'Other' text alone answers a choice question.
    expect((await chat(user.access, { conversation_id: id, user_selections: { message: 'Chief economist', selections: [] } })).statusCode).toBe(200);
    const stranger = await interviewee();
    expect((await chat(stranger.access, { conversation_id: id, answer_text: 'hi' })).statusCode).toBe(404);
  });

  it('finishes early on request, and restart clears the profile and begins again', async () => {
    const user = await interviewee();
    const state: TInterviewState = (await kit.call('POST', '/api/conversation/start/', user.access)).json();
    await chat(user.access, { conversation_id: state.conversation_id, action: 'finish' });
    const done = await waitForStage(user.access, 'profile');
    expect(done.profile.gpt_profile).toMatch(/^Ada is a policy analyst/);

    const restarted = (await kit.call('POST', '/api/conversation/restart/', user.access)).json();
    expect(restarted).toMatchObject({ stage: 'interview', redirect_to_profile_completion: false, profile: null });
    expect(restarted.conversation_id).not.toBe(state.conversation_id);
    expect(restarted.messages).toHaveLength(1);
    expect((await kit.get('/api/me/', user.access)).json().gpt_profile).toBeNull();
  });

  it('sends a user without a completed profile to profile completion', async () => {
    const user = await kit.newUser();
    expect((await kit.call('POST', '/api/conversation/restart/', user.access)).json()).toMatchObject({ redirect_to_profile_completion: true, conversation_id: null });
    expect((await kit.call('POST', '/api/conversation/start/', user.access)).json().redirect_to_profile_completion).toBe(true);
    expect((await chat(user.access, { answer_text: 'hello' })).json().error).toBe(CONVERSATION_MESSAGES.noInterview);
  });
});
