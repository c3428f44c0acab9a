import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { RotateCcw, Sparkles } from 'lucide-react';
import { chatPayloadProblem } from '../../../contract/chat';
import { CONVERSATION_MESSAGES, INTERVIEW_DONE_PHRASE, PROFILE_POLL_MS, type TInterviewMessage, type TInterviewState, type TOnboardingStatus } from '../../../contract/onboarding';
import { ChatBubble, ChatComposer } from '../../components/ui/chat';
import { Alert } from '../../components/ui/form';
import { authClient } from '../../lib/auth-client';
import { useViewing, withUser } from '../../lib/viewing';
import { MultipleChoice, type ChoiceAnswer } from './multiple-choice';

const generating = (stage: TInterviewState['stage']) => stage === 'ready' || stage === 'profile_loading' || stage === 'profile_ready';

/**
 * The interview chat, shown on Home while the viewed user has a completed
 * profile form but no AI profile. It starts by itself when there is no conversation; multiple-
 * choice questions lock once answered; the closing message (the one saying it has enough
 * information) is not shown; while the profile is being built the profile is polled every 3 s.
 */
export function InterviewChat() {
  const { userId, viewed, reload } = useViewing();
  const navigate = useNavigate();
  const [state, setState] = useState<TInterviewState | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const started = useRef(false);
  const bottom = useRef<HTMLDivElement>(null);

  const apply = useCallback(
    (next: TInterviewState) => {
      if (next.redirect_to_profile_completion) {
        navigate('/complete-profile');
        return;
      }
      setState(next);
      if (next.stage === 'profile' || next.profile) void reload();
    },
    [navigate, reload],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const controller = new AbortController();
    (async () => {
      try {
        const status = await authClient.authedApi<TOnboardingStatus>(withUser('/conversation/onboarding_status/', userId), { signal: controller.signal });
        // No profile, no conversation, no messages: the interview starts by itself.
        if (!status.conversation_id && status.messages.length === 0 && !status.profile) {
          try {
            apply(await authClient.authedApi<TInterviewState>(withUser('/conversation/start/', userId), { method: 'POST' }));
          } catch (e) {
            console.error(CONVERSATION_MESSAGES.startFailed, e);
            setError(CONVERSATION_MESSAGES.startFailed);
          }
        } else apply(status);
      } catch (e) {
        if ((e as Error).name === 'AbortError') return;
        console.error(CONVERSATION_MESSAGES.statusFailed, e);
        setError(CONVERSATION_MESSAGES.statusFailed);
      }
    })();
    return () => controller.abort();
  }, [apply, userId]);

  // While the profile is being built: the profile and the stage every 3 seconds until it exists.
  const building = state ? generating(state.stage) : false;
  useEffect(() => {
    if (!building) return;
    const timer = setInterval(() => {
      void reload();
      authClient
        .authedApi<TOnboardingStatus>(withUser('/conversation/onboarding_status/', userId))
        .then((s) => setState(s))
        .catch((e: unknown) => console.error(CONVERSATION_MESSAGES.statusFailed, e));
    }, PROFILE_POLL_MS);
    return () => clearInterval(timer);
  }, [building, reload, userId]);

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [state?.messages.length]);

  const send = async (body: Record<string, unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      apply(await authClient.authedApi<TInterviewState>(withUser('/conversation/chat/', userId), { body: { conversation_id: state?.conversation_id ?? undefined, ...body } }));
      setText('');
    } catch (e) {
      console.error(CONVERSATION_MESSAGES.sendFailed, e);
      setError(CONVERSATION_MESSAGES.sendFailed);
    } finally {
      setBusy(false);
    }
  };

  const sendText = () => {
    const payload = text.trim();
    if (chatPayloadProblem(payload)) return;
    void send({ answer_text: payload });
  };
  const sendChoice = (answer: ChoiceAnswer) => {
    const payload = { selectedOptions: answer.selected, ...(answer.other ? { text: answer.other } : {}) };
    if (answer.selected.length === 0) {
      // Only 'Other' text: an answer in words.
      void send({ answer_text: answer.other });
      return;
    }
    if (chatPayloadProblem(payload)) return;
    void send({ user_selections: payload });
  };
  const restart = async () => {
    setBusy(true);
    setError(undefined);
    try {
      apply(await authClient.authedApi<TInterviewState>(withUser('/conversation/restart/', userId), { method: 'POST' }));
    } catch (e) {
      console.error(CONVERSATION_MESSAGES.restartFailed, e);
      setError(CONVERSATION_MESSAGES.restartFailed);
    } finally {
      setBusy(false);
    }
  };

  const visible = (state?.messages ?? []).filter((m) => m.isUser || !m.content.includes(INTERVIEW_DONE_PHRASE));
  const lastQuestion = [...(state?.messages ?? [])].reverse().find((m) => !m.isUser);
  const open = lastQuestion && !lastQuestion.response_received && !lastQuestion.content.includes(INTERVIEW_DONE_PHRASE);

  return (
    <section aria-labelledby="interview-title" className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-6 md:py-10">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h1 id="interview-title" className="flex items-center gap-2 text-xl font-bold tracking-tight sm:text-2xl">
            <Sparkles aria-hidden className="size-6 text-blue-700 dark:text-blue-400" /> Let&apos;s set up your feed
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">A few questions so Herald can build {viewed.first_name ? `${viewed.first_name}'s` : 'your'} profile and topics.</p>
        </div>
        {state && !building && (
          <button
            type="button"
            onClick={() => void restart()}
            disabled={busy}
            className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <RotateCcw aria-hidden className="size-4" /> Start over
          </button>
        )}
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        {!state && !error && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-blue-600" /> Starting the interview…
          </p>
        )}
        <ol aria-label="Interview" aria-live="polite" className="space-y-3">
          {visible.map((message: TInterviewMessage) => (
            <li key={message.id} className="space-y-2">
              <ChatBubble as="div" from={message.isUser ? 'user' : 'assistant'}>
                {message.content}
              </ChatBubble>
              {!message.isUser && message.multiple_choice && (
                <MultipleChoice message={message} disabled={busy || message.response_received || message.id !== lastQuestion?.id} onSubmit={sendChoice} />
              )}
            </li>
          ))}
        </ol>
        {building && (
          <p role="status" className="mt-4 flex items-center gap-2 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900 dark:bg-blue-950/60 dark:text-blue-100">
            <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-blue-300 border-t-blue-700" /> Thank you! Herald is building your profile and topics…
          </p>
        )}
        <div ref={bottom} />
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {state && !building && (
        <ChatComposer label="Your message" placeholder={open && lastQuestion?.multiple_choice ? 'Or answer in your own words' : 'Type your answer'} value={text} onChange={setText} onSend={sendText} busy={busy} disabled={!open} />
      )}
    </section>
  );
}

export default InterviewChat;
