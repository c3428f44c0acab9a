import { useId, useState, type FormEvent } from 'react';
import { keyListHint, TOPIC_LIMITS, TOPIC_MESSAGES, type TModifyTopicResponse, type TTopic } from '../../../contract/topics';
import { ClarificationPanel } from '../../components/ui/clarification-panel';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button, FieldError, inputClass, TextField } from '../../components/ui/form';
import { SourcesSelect } from '../../components/ui/sources-select';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';
import { withUser } from '../../lib/viewing';
import { capitalised } from './messages';

const lines = (items: string[]) => items.join('\n');
const parseLines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);
const count = (s: string) => s.split(/\s+/).filter(Boolean).length;

function TextArea({ label, hint, value, onChange, rows = 3, error }: { label: string; hint?: string; value: string; onChange: (v: string) => void; rows?: number; error?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <textarea id={id} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={hint ? `${id}-hint` : undefined} className={inputClass} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError>{error}</FieldError>
    </div>
  );
}

/**
 * The topic-edit dialog: name, description (25+ words), query (12+
 * words), key events, entities and places (up to 12 each, one per line; fewer than 6 said) and sources. Only what changed
 * is sent; 'updated' closes and refreshes, a question is answered in place (and may chain).
 */
export function TopicEditDialog({ topic, userId, onClose, onUpdated }: { topic: TTopic | null; userId: string | undefined; onClose: () => void; onUpdated: () => void }) {
  return (
    <Dialog open={topic !== null} onClose={onClose} title={topic ? `Edit ${capitalised(topic.name)}` : 'Edit Topic'} size="lg">
      {topic && <EditForm key={topic.id} topic={topic} userId={userId} onClose={onClose} onUpdated={onUpdated} />}
    </Dialog>
  );
}

function EditForm({ topic, userId, onClose, onUpdated }: { topic: TTopic; userId: string | undefined; onClose: () => void; onUpdated: () => void }) {
  const toast = useToast();
  const [name, setName] = useState(topic.name);
  const [description, setDescription] = useState(topic.description);
  const [query, setQuery] = useState(topic.query);
  const [events, setEvents] = useState(lines(topic.key_events));
  const [entities, setEntities] = useState(lines(topic.key_entities));
  const [places, setPlaces] = useState(lines(topic.key_places));
  const [sources, setSources] = useState(Object.keys(topic.sources).map(Number));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [missing, setMissing] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState<{ question: string; options: { id: string; text: string }[]; conversationId: string; changes: Record<string, unknown> } | null>(null);

  const changes = () => {
    const out: Record<string, unknown> = {};
    if (name.trim() !== topic.name) out.name = name.trim();
    if (description.trim() !== topic.description) out.description = description.trim();
    if (query.trim() !== topic.query) out.query = query.trim();
    if (lines(parseLines(events)) !== lines(topic.key_events)) out.key_events = parseLines(events);
    if (lines(parseLines(entities)) !== lines(topic.key_entities)) out.key_entities = parseLines(entities);
    if (lines(parseLines(places)) !== lines(topic.key_places)) out.key_places = parseLines(places);
    const before = Object.keys(topic.sources).map(Number).sort().join(',');
    if ([...sources].sort().join(',') !== before) out.collections = sources;
    return out;
  };

  const handle = (answer: TModifyTopicResponse, sent: Record<string, unknown>, followUp: boolean) => {
    if (answer.status === 'updated') {
      toast.show('success', TOPIC_MESSAGES.updated);
      onUpdated();
      onClose();
    } else if (answer.status === 'clarification_needed') {
      setAsking({ question: answer.question ?? '', options: answer.options, conversationId: answer.conversation_id ?? '', changes: sent });
    } else {
      setAsking(null);
      setError(answer.error || (followUp ? TOPIC_MESSAGES.failedToSubmitAnswer : TOPIC_MESSAGES.modificationFailed));
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const required: Record<string, string> = {};
    if (!name.trim()) required.name = 'Name is required';
    if (!description.trim()) required.description = 'Description is required';
    if (!query.trim()) required.query = 'Query is required';
    setMissing(required);
    if (Object.keys(required).length) return;
    const sent = changes();
    if (Object.keys(sent).length === 0) {
      onClose();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      handle(await authClient.authedApi<TModifyTopicResponse>(withUser(`/topics/${topic.id}/modify/`, userId), { body: { changes: sent } }), sent, false);
    } catch (e) {
      console.error(TOPIC_MESSAGES.modifyFailed, e);
      setError(e instanceof ApiError && e.status < 500 ? e.message : TOPIC_MESSAGES.modifyFailed);
    } finally {
      setBusy(false);
    }
  };

  const answer = async (text: string) => {
    if (!asking) return;
    setBusy(true);
    setError(undefined);
    try {
      handle(await authClient.authedApi<TModifyTopicResponse>(withUser(`/topics/${topic.id}/modify/`, userId), { body: { changes: asking.changes, answer: text, conversation_id: asking.conversationId } }), asking.changes, true);
    } catch (e) {
      console.error(TOPIC_MESSAGES.failedToSubmitAnswer, e);
      setError(TOPIC_MESSAGES.failedToSubmitAnswer);
    } finally {
      setBusy(false);
    }
  };

  const words = (text: string, min: number) => `At least ${min} words (now ${count(text)}).`;
  return (
    <form onSubmit={(e) => void save(e)} className="space-y-4">
      <TextField label="Name" value={name} maxLength={TOPIC_LIMITS.name} onChange={(e) => setName(e.target.value)} error={missing.name} />
      <TextArea label="Description" rows={4} value={description} onChange={setDescription} hint={words(description, TOPIC_LIMITS.descriptionWords)} error={missing.description} />
      <TextArea label="Query" rows={2} value={query} onChange={setQuery} hint={words(query, TOPIC_LIMITS.queryWords)} error={missing.query} />
      <div className="grid gap-4 md:grid-cols-3">
        <TextArea label="Key events" rows={6} value={events} onChange={setEvents} hint={keyListHint(parseLines(events).length)} />
        <TextArea label="Key entities" rows={6} value={entities} onChange={setEntities} hint={keyListHint(parseLines(entities).length)} />
        <TextArea label="Key places" rows={6} value={places} onChange={setPlaces} hint={keyListHint(parseLines(places).length)} />
      </div>
      <div>
        <p className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Sources</p>
        <SourcesSelect value={sources} onChange={setSources} />
      </div>
      {asking && <ClarificationPanel key={asking.question} question={asking.question} options={asking.options} busy={busy} onAnswer={(a) => void answer(a)} onCancel={() => setAsking(null)} />}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
        <Button type="button" variant="secondary" className="w-auto!" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" className="w-auto!" busy={busy && !asking} busyLabel="Saving…" disabled={Boolean(asking)}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
