import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { MessageSquare, Pencil, Trash2 } from 'lucide-react';
import { COMMENT_MAX, type TComment } from '../../../contract/comments';
import { Alert, Button } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { refusalText } from '../../lib/api';
import { useCommentChanges, useComments } from '../../lib/comments';
import { relativeTime } from '../../lib/dates';
import { CommentText } from './comment-text';
import { MentionTextarea } from './mention-textarea';

/** Shown under the box once the text nears the limit. */
const NEAR_LIMIT = COMMENT_MAX - 200;

/**
 * The article's comment thread (issue 39 item 5): everyone who can read the article reads and
 * writes it; @mentions tell a teammate in their inbox. The author edits or deletes their own; an
 * admin of the account removes any. An inbox item's link (#comment-{id}) scrolls to its comment.
 */
/** How long an opened comment is kept in view while the page above it loads. */
const SETTLE_MS = 10_000;

export function ArticleComments({ articleId }: { articleId: number }) {
  const thread = useComments(articleId);
  const { post } = useCommentChanges(articleId);
  const [draft, setDraft] = useState('');
  const headingId = useId();
  const errorId = useId();
  const location = useLocation();
  const comments = thread.data?.comments ?? [];

  // Opened from a notification: bring its comment into view once the thread is there.
  const target = /^#comment-(\d+)$/.exec(location.hash)?.[1];
  const loaded = thread.data !== undefined;
  // A thread read before the comment was written (cached from an earlier visit) does not hold it yet: wait for the one that does.
  const present = target !== undefined && comments.some((c) => String(c.id) === target);
  useEffect(() => {
    if (!target || !present) return;
    const bring = () => document.getElementById(`comment-${target}`)?.scrollIntoView({ block: 'center' });
    // A frame later: the page's own scroll to the top (its effect runs after this child's) goes first.
    const frame = requestAnimationFrame(bring);
    // What loads above it afterwards (the article's panels, related documents) moves it: it is kept
    // in view while the page settles, until the reader scrolls, types or clicks.
    const page = document.getElementById('comments')?.closest('main') ?? document.body;
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(bring);
    observer?.observe(page);
    const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    const stop = () => {
      observer?.disconnect();
      for (const type of events) window.removeEventListener(type, stop);
    };
    for (const type of events) window.addEventListener(type, stop, { passive: true });
    const settled = setTimeout(stop, SETTLE_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settled);
      stop();
    };
  }, [target, present]);

  const send = () => {
    if (!draft.trim() || post.isPending) return;
    post.mutate(draft, { onSuccess: () => setDraft('') });
  };

  if (thread.isError) return null;
  const count = thread.data?.count ?? 0;
  return (
    <section id="comments" aria-labelledby={headingId} className="border-t border-slate-200 pt-6 dark:border-slate-800">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <MessageSquare aria-hidden className="size-5" /> Comments{loaded ? ` (${count})` : ''}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Seen by everyone in your team who can read this article. Type @ to mention a teammate.</p>
      {count > comments.length && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Showing the latest {comments.length}.</p>}
      {comments.length > 0 && (
        <ol aria-label="Comments" className="mt-4 space-y-3">
          {comments.map((comment) => (
            <CommentItem key={comment.id} articleId={articleId} comment={comment} highlighted={target === String(comment.id)} />
          ))}
        </ol>
      )}
      {loaded && comments.length === 0 && <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">No comments yet. Start the conversation.</p>}
      <form
        className="mt-4 space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <MentionTextarea
          articleId={articleId}
          label="Add a comment"
          placeholder="Add a comment… (@ to mention)"
          value={draft}
          onChange={setDraft}
          onSubmit={send}
          invalid={post.isError}
          describedBy={post.isError ? errorId : undefined}
        />
        {post.isError && (
          <div id={errorId}>
            <Alert tone="error">{refusalText(post.error, 'Could not post the comment. Try again.')}</Alert>
          </div>
        )}
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-slate-500 dark:text-slate-400">{draft.length > NEAR_LIMIT ? `${COMMENT_MAX - draft.length} characters left` : ''}</span>
          <Button type="submit" className="w-auto" disabled={!draft.trim()} busy={post.isPending} busyLabel="Posting…">
            Post comment
          </Button>
        </div>
      </form>
    </section>
  );
}

const actionClass =
  'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';

function CommentItem({ articleId, comment, highlighted }: { articleId: number; comment: TComment; highlighted: boolean }) {
  const { edit, remove } = useCommentChanges(articleId);
  const toast = useToast();
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const verb = comment.mine ? 'Delete' : 'Remove';

  const save = () => {
    if (editing === null || !editing.trim() || edit.isPending) return;
    edit.mutate({ id: comment.id, body: editing }, { onSuccess: () => setEditing(null) });
  };

  return (
    <li
      id={`comment-${comment.id}`}
      className={`scroll-mt-24 rounded-lg border px-4 py-3 text-sm ${highlighted ? 'border-blue-400 bg-blue-50/70 dark:border-blue-700 dark:bg-blue-950/40' : 'border-slate-200 dark:border-slate-800'}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <span className="font-semibold text-slate-900 dark:text-white">{comment.author_name}</span>
        {comment.author_handle && <span className="text-xs text-slate-500 dark:text-slate-400">@{comment.author_handle}</span>}
        <span className="text-xs text-slate-500 dark:text-slate-400">
          <time dateTime={comment.created_at}>{relativeTime(comment.created_at)}</time>
          {comment.edited_at && ' · edited'}
        </span>
      </div>
      {editing === null ? (
        <div className="mt-1">
          <CommentText body={comment.body} mentions={comment.mentions} />
        </div>
      ) : (
        <form
          className="mt-2 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <MentionTextarea articleId={articleId} label="Edit your comment" value={editing} onChange={setEditing} onSubmit={save} autoFocus invalid={edit.isError} />
          {edit.isError && <Alert tone="error">{refusalText(edit.error, 'Could not save the comment. Try again.')}</Alert>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" className="w-auto px-3 py-1.5" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button type="submit" className="w-auto px-3 py-1.5" disabled={!editing.trim()} busy={edit.isPending} busyLabel="Saving…">
              Save
            </Button>
          </div>
        </form>
      )}
      {editing === null && (comment.can_edit || comment.can_delete) && (
        <div className="mt-2 flex flex-wrap items-center gap-1">
          {confirming ? (
            <>
              <span className="text-xs text-slate-700 dark:text-slate-300">{verb} this comment?</span>
              <button
                type="button"
                className={`${actionClass} text-red-700 dark:text-red-300`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(comment.id, {
                    onSuccess: () => toast.show('success', comment.mine ? 'Comment deleted.' : 'Comment removed.'),
                    onError: (error) => {
                      setConfirming(false);
                      toast.show('error', refusalText(error, 'Could not delete the comment. Try again.'));
                    },
                  })
                }
              >
                Yes, {verb.toLowerCase()}
              </button>
              <button type="button" className={actionClass} onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </>
          ) : (
            <>
              {comment.can_edit && (
                <button type="button" className={actionClass} onClick={() => setEditing(comment.body)} aria-label={`Edit your comment from ${relativeTime(comment.created_at)}`}>
                  <Pencil aria-hidden className="size-3.5" /> Edit
                </button>
              )}
              {comment.can_delete && (
                <button type="button" className={actionClass} onClick={() => setConfirming(true)} aria-label={`${verb} the comment by ${comment.author_name}`}>
                  <Trash2 aria-hidden className="size-3.5" /> {verb}
                </button>
              )}
            </>
          )}
        </div>
      )}
    </li>
  );
}
