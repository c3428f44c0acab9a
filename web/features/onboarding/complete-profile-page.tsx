import { useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, loadDraft, saveDraft } from '../../lib/onboarding-draft';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { LANGUAGE_CHOICES, type TMe } from '../../../contract/auth';
import type { TCompleteProfileResponse, TSuggestion } from '../../../contract/onboarding';
import type { TTopic } from '../../../contract/topics';
import { Spinner } from '../../components/ui/spinner';
import { Alert, Button } from '../../components/ui/form';
import { authClient } from '../../lib/auth-client';
import { useSession } from '../../lib/session';
import { AskingStep, type ChatLine } from './asking-step';
import { CustomTopicsStep } from './custom-topics-step';
import { ONBOARDING_TEXT } from './messages';
import { ProfileForm, type ProfileFormValues } from './profile-form';
import { SuggestionsStep } from './suggestions-step';

type Step = 'entering' | 'leaving' | 'initial' | 'asking' | 'suggestions' | 'custom_topics' | 'failed';

/** Where a user starts on entering the page. */
function entryStep(user: TMe | null): Step {
  if (!user) return 'entering';
  if (user.profile_completed && user.suggestions_completed && user.onboarding_complete) return 'leaving';
  if (user.profile_completed && !user.suggestions_completed && user.gpt_suggested_topics.length > 0) return 'suggestions';
  if (user.profile_completed && user.suggestions_completed) return 'entering';
  return 'initial';
}

const languageOf = (user: TMe | null) => (LANGUAGE_CHOICES.some((c) => c.value === user?.account_language) ? user!.account_language : 'en');

/**
 * /complete-profile: the profile form, the clarifying questions, the
 * suggested topics, the user's own topics, then home. On entering: a completed profile with
 * suggestions waiting opens at the suggestions; completed profile and suggestions finish
 * onboarding and go home; a fully onboarded user goes home.
 */
export default function CompleteProfilePage() {
  const { user, logout, replaceUser } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A reload during the profile step comes back to the same answers and questions.
  const [draft] = useState(() => (entryStep(user) === 'initial' ? loadDraft<ProfileFormValues, ChatLine>(user?.id) : undefined));
  const [step, setStep] = useState<Step>(() => (draft?.asking && draft.conversationId ? 'asking' : entryStep(user)));
  const [values, setValues] = useState<ProfileFormValues>(
    () =>
      draft?.values ?? {
        title: user?.title ?? '',
        organization: user?.company ?? '',
        location: user?.location ?? '',
        language: languageOf(user),
        interests: user?.interests ?? '',
        alerts: true,
        newsletter: true,
      },
  );
  const [transcript, setTranscript] = useState<ChatLine[]>(() => draft?.transcript ?? []);
  const [conversationId, setConversationId] = useState<string | null>(() => draft?.conversationId ?? null);
  useEffect(() => {
    if (step === 'initial' || step === 'asking') saveDraft(user?.id, { values, transcript, conversationId, asking: step === 'asking' });
  }, [user?.id, step, values, transcript, conversationId]);
  const [suggestions, setSuggestions] = useState<TSuggestion[]>(() => (entryStep(user) === 'suggestions' ? user!.gpt_suggested_topics : []));
  const [current, setCurrent] = useState<TTopic[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const entered = useRef(false);

  /** The profile again, without cache, before leaving. */
  const reloadProfile = useCallback(async () => {
    const me = await authClient.authedApi<TMe>('/me/');
    queryClient.removeQueries({ queryKey: ['me'] });
    replaceUser(me);
    return me;
  }, [queryClient, replaceUser]);

  const goHome = useCallback(async () => {
    await reloadProfile().catch((e: unknown) => console.error('Failed to fetch user data', e));
    navigate('/', { replace: true });
  }, [navigate, reloadProfile]);

  // Profile and suggestions done but onboarding not: an empty save ends it, then home.
  useEffect(() => {
    if (entered.current || step !== 'entering' || !user) return;
    entered.current = true;
    authClient
      .authedApi('/topics/add-suggestions/', { body: { suggestions: [], step: 'suggestions' } })
      .catch((e: unknown) => console.error('Failed to finish setup', e))
      .finally(() => void goHome());
  }, [step, user, goHome]);

  const handle = async (answer: TCompleteProfileResponse) => {
    const status = answer.status as TCompleteProfileResponse['status'] | 'ready';
    if (status === 'validated' || status === 'ready') {
      clearDraft(user?.id);
      if (answer.user) replaceUser(answer.user);
      const list = typeof answer.suggestions === 'string' ? (JSON.parse(answer.suggestions) as TSuggestion[]) : answer.suggestions;
      if (list.length > 0) {
        setSuggestions(list);
        setStep('suggestions');
      } else await goHome();
    } else if (status === 'clarification_needed') {
      setConversationId(answer.conversation_id);
      setTranscript((lines) => [...lines, { from: 'assistant', text: answer.question ?? '' }]);
      setStep('asking');
    } else {
      setError(answer.error || ONBOARDING_TEXT.failed);
      setStep('failed');
    }
  };

  const payload = () => ({ ...values, onboarding_topics: '[]' });

  const submitForm = async () => {
    setBusy(true);
    setError(undefined);
    setTranscript([{ from: 'user', text: values.interests.trim() }]);
    try {
      await handle(await authClient.authedApi<TCompleteProfileResponse>('/auth/complete_profile/', { body: payload() }));
    } catch (e) {
      console.error('Failed to complete profile', e);
      setError(ONBOARDING_TEXT.completeFailed);
    } finally {
      setBusy(false);
    }
  };

  const sendAnswer = async (answer: string) => {
    if (!answer) {
      setError(ONBOARDING_TEXT.answerRequired);
      return;
    }
    setBusy(true);
    setError(undefined);
    setTranscript((lines) => [...lines, { from: 'user', text: answer }]);
    try {
      await handle(await authClient.authedApi<TCompleteProfileResponse>('/auth/complete_profile/', { body: { ...payload(), answer, conversation_id: conversationId } }));
    } catch (e) {
      console.error('Failed to submit answer', e);
      setError(ONBOARDING_TEXT.answerFailed);
    } finally {
      setBusy(false);
    }
  };

  const backToForm = () => {
    setTranscript([]);
    setConversationId(null);
    setError(undefined);
    setStep('initial');
  };

  const finishSuggestions = async (chosen: string[]) => {
    setBusy(true);
    setError(undefined);
    try {
      await authClient.authedApi('/topics/add-suggestions/', { body: { suggestions: chosen, step: 'suggestions' } });
      const me = await reloadProfile();
      setCurrent(me.topics);
      setStep('custom_topics');
    } catch (e) {
      console.error('Failed to finish setup', e);
      setError(ONBOARDING_TEXT.finishFailed);
    } finally {
      setBusy(false);
    }
  };

  const finishTopics = async (selected: TTopic[], deselected: TTopic[]) => {
    setBusy(true);
    setError(undefined);
    try {
      // Deselected topics are retired one by one; a failure leaves that topic, nothing more.
      for (const topic of deselected) await authClient.authedApi(`/topics/${topic.id}/retire/`, { method: 'POST' }).catch((e: unknown) => console.error('Failed to retire topic', e));
      await authClient.authedApi('/topics/add-suggestions/', {
        body: { suggestions: [], step: 'onboarding', topics: selected.map((t) => ({ name: t.name, sources: Object.keys(t.sources).map(Number) })) },
      });
      await goHome();
    } catch (e) {
      console.error('Failed to finish setup', e);
      setError(ONBOARDING_TEXT.finishFailed);
      setBusy(false);
    }
  };

  if (step === 'leaving') return <Navigate to="/" replace />;
  if (!user || step === 'entering') return <Spinner label="Loading your profile" />;

  return (
    <div className="bg-gradient-to-b from-blue-50 to-white px-4 py-8 dark:from-slate-900 dark:to-slate-950 md:py-14">
      <div className="mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 md:p-8">
        {step === 'initial' && <ProfileForm welcome={user.first_name || user.email} values={values} onChange={setValues} onSubmit={() => void submitForm()} busy={busy} error={error} />}
        {step === 'asking' && <AskingStep transcript={transcript} busy={busy} error={error} onSend={(a) => void sendAnswer(a)} onBack={backToForm} />}
        {step === 'suggestions' && <SuggestionsStep suggestions={suggestions} busy={busy} error={error} onFinish={(chosen) => void finishSuggestions(chosen)} />}
        {step === 'custom_topics' && <CustomTopicsStep current={current} busy={busy} error={error} onFinish={(s, d) => void finishTopics(s, d)} />}
        {step === 'failed' && (
          <div className="space-y-4">
            <h1 className="text-2xl font-bold tracking-tight">We could not complete your profile</h1>
            <Alert tone="error">{error ?? ONBOARDING_TEXT.failed}</Alert>
            <Button type="button" className="sm:w-auto" onClick={backToForm}>
              Back to Form
            </Button>
          </div>
        )}
      </div>
      <div className="mx-auto mt-4 flex max-w-2xl justify-end">
        <button
          type="button"
          onClick={() => void logout().then(() => navigate('/login', { replace: true }))}
          className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <LogOut aria-hidden className="size-4" /> Log out
        </button>
      </div>
    </div>
  );
}
