import { useId, useState } from 'react';
import { Share2, Users } from 'lucide-react';
import { SHARE_NOTE_MAX, type TArticleShare } from '../../../contract/inbox';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button, inputClass } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { refusalText } from '../../lib/api';
import { relativeTime } from '../../lib/dates';
import { useShareArticle, useTeammates } from '../../lib/inbox';

/** Who shared the article with the reader, and their notes; and what the reader shared, briefly. */
export function SharedBy({ shares }: { shares: TArticleShare[] }) {
  const received = shares.filter((s) => !s.mine);
  const sent = shares.filter((s) => s.mine);
  if (shares.length === 0) return null;
  return (
    <section aria-label="Shared with you" className="mt-4 space-y-2">
      {received.map((share) => (
        <figure key={share.id} className="rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm dark:border-blue-900 dark:bg-blue-950/40">
          <figcaption className="flex items-center gap-2 font-medium text-blue-900 dark:text-blue-100">
            <Share2 aria-hidden className="size-4" /> Shared by {share.sharer_name}
            <span className="font-normal text-blue-800/80 dark:text-blue-200/80">· {relativeTime(share.created_at)}</span>
          </figcaption>
          {share.note && <blockquote className="mt-1 whitespace-pre-line break-words text-slate-800 dark:text-slate-200">{share.note}</blockquote>}
        </figure>
      ))}
      {sent.length > 0 && (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Users aria-hidden className="size-4" /> You shared this with {sent[0]!.whole_account ? 'the whole account' : sent[0]!.recipients.join(', ')}
          {sent.length > 1 ? ` and ${sent.length - 1} more time${sent.length > 2 ? 's' : ''}` : ''}.
        </p>
      )}
    </section>
  );
}

/** Share: a dialog to choose teammates (or the whole account) and write a note. */
export function ShareButton({ articleId }: { articleId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Share2 aria-hidden className="size-4" /> Share
      </button>
      {open && <ShareDialog articleId={articleId} onClose={() => setOpen(false)} />}
    </>
  );
}

function ShareDialog({ articleId, onClose }: { articleId: number; onClose: () => void }) {
  const teammates = useTeammates(true);
  const share = useShareArticle(articleId);
  const toast = useToast();
  const [chosen, setChosen] = useState<string[]>([]);
  const [everyone, setEveryone] = useState(false);
  const [note, setNote] = useState('');
  const noteId = useId();
  const list = teammates.data?.teammates ?? [];
  const canSend = (everyone || chosen.length > 0) && !share.isPending;

  const send = () =>
    share.mutate(
      { user_ids: everyone ? [] : chosen, whole_account: everyone, ...(note.trim() ? { note } : {}) },
      {
        onSuccess: (made) => {
          toast.show('success', `Shared with ${made.whole_account ? 'the whole account' : made.recipients.join(', ')}.`);
          onClose();
        },
      },
    );

  return (
    <Dialog
      open
      onClose={onClose}
      title="Share this article"
      description="It lands in their inbox with your note."
      size="sm"
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" className="w-auto" onClick={onClose}>
            Cancel
          </Button>
          <Button className="w-auto" onClick={send} disabled={!canSend} busy={share.isPending} busyLabel="Sharing…">
            Share
          </Button>
        </div>
      }
    >
      <div className="space-y-4">
        {share.isError && <Alert tone="error">{refusalText(share.error, 'Could not share the article. Try again.')}</Alert>}
        {teammates.isPending ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading your teammates…</p>
        ) : list.length === 0 ? (
          <Alert tone="info">Nobody else is in your account yet. Invite a teammate from Account Settings first.</Alert>
        ) : (
          <fieldset>
            <legend className="text-sm font-medium text-slate-900 dark:text-white">Share with</legend>
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input type="checkbox" checked={everyone} onChange={(e) => setEveryone(e.target.checked)} className="size-4 accent-blue-700" />
              The whole account ({list.length} {list.length === 1 ? 'person' : 'people'})
            </label>
            <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto border-t border-slate-200 pt-2 dark:border-slate-700">
              {list.map((t) => (
                <li key={t.id}>
                  <label className={`flex items-center gap-2 text-sm ${everyone ? 'opacity-50' : ''}`}>
                    <input
                      type="checkbox"
                      disabled={everyone}
                      checked={everyone || chosen.includes(t.id)}
                      onChange={(e) => setChosen((c) => (e.target.checked ? [...c, t.id] : c.filter((id) => id !== t.id)))}
                      className="size-4 accent-blue-700"
                    />
                    <span className="min-w-0 truncate">
                      {t.name} <span className="text-slate-500 dark:text-slate-400">{t.email}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <div>
          <label htmlFor={noteId} className="text-sm font-medium text-slate-900 dark:text-white">
            Note <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
          </label>
          <textarea id={noteId} value={note} maxLength={SHARE_NOTE_MAX} rows={3} onChange={(e) => setNote(e.target.value)} className={`${inputClass} mt-1`} placeholder="Why it matters to them" />
        </div>
      </div>
    </Dialog>
  );
}
