import { useCallback, useRef, useState } from 'react';
import type { TValidateTopicResponse } from '../../contract/topics';
import { authClient } from './auth-client';
import { ApiError } from './api';

/** What the server said about a refused request (a topic too long, say), as it said it; none for a network failure or a server error. */
function serverReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status >= 500) return undefined;
  return Object.values(error.fields ?? {})[0]?.[0] ?? error.message;
}

export type ValidationState =
  | { kind: 'idle' }
  | { kind: 'validating' }
  | { kind: 'asking'; question: string; options: { id: string; text: string }[]; conversationId: string; answering: boolean }
  | { kind: 'duplicate'; name: string; message: string }
  | { kind: 'error'; message: string };

/** The wording differs between onboarding and Manage Topics. */
export interface ValidationMessages {
  failed: string;
  followUpFailed: string;
  network: string;
  followUpNetwork: string;
  duplicate: string;
  unexpected: string;
}

/**
 * Topic validation: idle -> validating -> validated (the
 * caller gets the topic), asking (a question, answered with the conversation id, possibly again),
 * duplicate, or error. Cancel resets. The path carries `user_id` when acting for another user.
 */
export function useTopicValidation(path: string, messages: ValidationMessages, onValidated: (answer: TValidateTopicResponse) => void) {
  const [state, setState] = useState<ValidationState>({ kind: 'idle' });
  const request = useRef<{ topic: string; sources: number[]; existing: string[] } | null>(null);

  const handle = useCallback(
    (answer: TValidateTopicResponse, followUp: boolean) => {
      switch (answer.status) {
        case 'validated':
          if (answer.success === false) break;
          request.current = null;
          setState({ kind: 'idle' });
          onValidated(answer);
          return;
        case 'clarification_needed':
          setState({ kind: 'asking', question: answer.question ?? '', options: answer.options ?? [], conversationId: answer.conversation_id ?? '', answering: false });
          return;
        case 'duplicate':
          setState({ kind: 'duplicate', name: answer.normalized_name ?? request.current?.topic ?? '', message: answer.error || messages.duplicate });
          return;
        case 'failed':
          setState({ kind: 'error', message: answer.error || (followUp ? messages.followUpFailed : messages.failed) });
          return;
      }
      setState({ kind: 'error', message: answer.error || messages.unexpected });
    },
    [messages, onValidated],
  );

  const submit = useCallback(
    async (topic: string, sources: number[], existing: string[]) => {
      const text = topic.trim();
      if (!text) return;
      request.current = { topic: text, sources, existing };
      setState({ kind: 'validating' });
      try {
        handle(await authClient.authedApi<TValidateTopicResponse>(path, { body: { topic: text, sources, existing_topics: existing } }), false);
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        console.error('Topic validation failed', error);
        setState({ kind: 'error', message: serverReason(error) ?? messages.network });
      }
    },
    [handle, messages, path],
  );

  const answer = useCallback(
    async (text: string) => {
      if (state.kind !== 'asking' || !request.current || !text.trim() || !state.conversationId) return;
      const asked = state;
      setState({ ...asked, answering: true });
      try {
        const { topic, sources, existing } = request.current;
        handle(await authClient.authedApi<TValidateTopicResponse>(path, { body: { topic, sources, existing_topics: existing, answer: text.trim(), conversation_id: asked.conversationId } }), true);
      } catch (error) {
        console.error('Topic clarification failed', error);
        setState({ kind: 'error', message: serverReason(error) ?? messages.followUpNetwork });
      }
    },
    [handle, messages, path, state],
  );

  const cancel = useCallback(() => {
    request.current = null;
    setState({ kind: 'idle' });
  }, []);

  return { state, submit, answer, cancel, busy: state.kind === 'validating' || (state.kind === 'asking' && state.answering) };
}
