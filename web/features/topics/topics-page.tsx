import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Lightbulb, MessagesSquare } from 'lucide-react';
import { TOPICS_PROCESSING_POLL_MS } from '../../../contract/onboarding';
import { TOPIC_MESSAGES, type TTopic, type TValidateTopicResponse } from '../../../contract/topics';
import { Dialog } from '../../components/ui/dialog';
import { Drawer } from '../../components/ui/drawer';
import { Button } from '../../components/ui/form';
import { authClient } from '../../lib/auth-client';
import { useIsMobile } from '../../lib/use-media';
import { useViewing, withUser } from '../../lib/viewing';
import { AddTopicChatModal } from './add-topic-chat-modal';
import { SuggestionsList } from '../../components/suggestions-panel';
import { useSuggestions } from '../../lib/use-suggestions';
import { TopicCard, TopicSkeletons } from './topic-card';
import { TopicEditDialog } from './topic-edit-dialog';
import { TopicEntry } from './topic-entry';

/** Newly appeared topics first (newest first), then the rest by name, case-insensitive. */
export function orderTopics(topics: TTopic[], fresh: Set<number>): TTopic[] {
  const isNew = topics.filter((t) => fresh.has(t.id)).sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const rest = topics.filter((t) => !fresh.has(t.id)).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  return [...isNew, ...rest];
}

/**
 * Manage Topics (/topics): the entry panel, the topics (six skeletons while
 * loading, refreshed every 30 s while any is 'Processing...'), suggestions in a column on desktop
 * or a drawer on phones, the remove and edit dialogs. Acts for the viewed user.
 */
export default function TopicsPage() {
  const viewing = useViewing();
  const { userId, viewed } = viewing;
  const mobile = useIsMobile();
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const [removing, setRemoving] = useState<TTopic | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [editing, setEditing] = useState<TTopic | null>(null);
  const [drawer, setDrawer] = useState(false);
  const [chat, setChat] = useState(false);
  const locked = !viewed.onboarding_complete;

  const markNew = useCallback((topic: TTopic) => {
    setFresh((set) => new Set([...set, topic.id]));
    queryClient.setQueryData<{ topics: TTopic[] }>(['topics', userId ?? 'self'], (data) => (data ? { topics: [topic, ...data.topics.filter((t) => t.id !== topic.id)] } : data));
  }, [queryClient, userId]);
  const { topicsQuery, topics, suggestions, suggestionsLoading, tracked, actions, refresh } = useSuggestions(markNew);
  const ordered = useMemo(() => orderTopics(topics, fresh), [topics, fresh]);
  const freshOrder = ordered.filter((t) => fresh.has(t.id)).map((t) => t.id);

  // While a description is being written, the profile and topics again every 30 seconds.
  const processing = topics.some((t) => t.processing);
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void refresh(), TOPICS_PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, refresh]);

  const onAdded = useCallback(
    (answer: TValidateTopicResponse) => {
      if (answer.topic) markNew(answer.topic);
      void refresh();
    },
    [markNew, refresh],
  );

  const retire = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    // A failed retire is only logged.
    await authClient.authedApi(withUser(`/topics/${removing.id}/retire/`, userId), { method: 'POST' }).catch((e: unknown) => console.error('Failed to retire topic', e));
    setRemoveBusy(false);
    setRemoving(null);
    await refresh();
  };

  const suggestionList = <SuggestionsList suggestions={suggestions} tracked={tracked} loading={suggestionsLoading} disabled={locked} actions={actions} />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-8 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
      <div className="min-w-0 space-y-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight">Manage Topics</h1>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">The subjects Herald follows for {viewing.isImpersonating ? `${viewed.first_name} ${viewed.last_name}` : 'you'}.</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {/* On phones Suggestions open in a drawer, from a button beside Add by chat (a floating one covered the topics' text). */}
            {mobile && (
              <button
                type="button"
                onClick={() => setDrawer(true)}
                className="inline-flex items-center gap-2 rounded-md bg-amber-500 px-3 py-2 text-sm font-semibold text-slate-950 hover:bg-amber-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
              >
                <Lightbulb aria-hidden className="size-4" /> Suggestions
              </button>
            )}
            <Button type="button" variant="secondary" className="w-auto!" onClick={() => setChat(true)} disabled={locked}>
              <MessagesSquare aria-hidden className="size-4" /> Add by chat
            </Button>
          </div>
        </div>
        <TopicEntry path={withUser('/topics/validate/', userId)} existing={topics.map((t) => t.name)} locked={locked} onAdded={onAdded} />
        <section aria-labelledby="topics-title" aria-busy={topicsQuery.isPending}>
          <h2 id="topics-title" className="mb-3 text-lg font-semibold">
            Topics
          </h2>
          {topicsQuery.isPending ? (
            <TopicSkeletons />
          ) : ordered.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">{TOPIC_MESSAGES.emptyState}</p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {ordered.map((topic) => {
                const at = freshOrder.indexOf(topic.id);
                return (
                  <TopicCard
                    key={topic.id}
                    topic={topic}
                    mobile={mobile}
                    isNew={fresh.has(topic.id)}
                    animate={at >= 0 ? { delayMs: at * 50 } : undefined}
                    onEdit={locked ? undefined : () => setEditing(topic)}
                    onDelete={locked ? undefined : () => setRemoving(topic)}
                  />
                );
              })}
            </ul>
          )}
        </section>
      </div>

      {!mobile && (
        <aside aria-labelledby="suggestions-title" className="mt-8 lg:mt-0">
          <div className="lg:sticky lg:top-20">
            <h2 id="suggestions-title" className="mb-3 flex items-center gap-2 text-lg font-semibold">
              <Lightbulb aria-hidden className="size-5 text-amber-500" /> Suggestions
            </h2>
            {suggestionList}
          </div>
        </aside>
      )}

      {mobile && (
        <>
          <Drawer open={drawer} onClose={() => setDrawer(false)} title={<><Lightbulb aria-hidden className="size-5 text-amber-500" /> Suggestions</>}>
            {suggestionList}
          </Drawer>
        </>
      )}

      <Dialog
        open={removing !== null}
        onClose={() => !removeBusy && setRemoving(null)}
        title="Remove Topic"
        size="sm"
        footer={
          <>
            <Button type="button" variant="secondary" className="w-auto!" onClick={() => setRemoving(null)} disabled={removeBusy}>
              Cancel
            </Button>
            <Button type="button" className="w-auto! bg-red-700! hover:bg-red-800!" busy={removeBusy} busyLabel="Removing…" onClick={() => void retire()}>
              Remove
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">{TOPIC_MESSAGES.removeConfirm}</p>
        {removing && <p className="mt-2 text-sm font-semibold">{removing.name}</p>}
      </Dialog>
      <TopicEditDialog topic={editing} userId={userId} onClose={() => setEditing(null)} onUpdated={() => void refresh()} />
      <AddTopicChatModal open={chat} onClose={() => setChat(false)} onCreated={(created) => created.forEach(markNew)} />
    </div>
  );
}
