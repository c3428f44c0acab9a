import { useId, useState } from 'react';
import { Link } from 'react-router';
import { BOARD_NOTE_MAX, type TBoardItem } from '../../../contract/boards';
import { Button, inputClass } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { refusalText } from '../../lib/api';
import { plainText } from '../../lib/article-data';
import { formatDate, isoDate, relativeTime } from '../../lib/dates';
import { useBoardChanges } from '../../lib/boards';
import { capitalise } from '../../lib/text';

const LINK_BUTTON = 'text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50 dark:text-blue-400';

/** One article on a board: the article as a list item, who added it and when, its note (anyone who sees the board edits it), Remove. */
export function BoardItem({ item }: { item: TBoardItem }) {
  const { article } = item;
  const [editing, setEditing] = useState(false);
  const { removeItem } = useBoardChanges();
  const toast = useToast();
  const summary = plainText(article.introduction || article.points[0] || '');
  const remove = () =>
    removeItem.mutate({ boardId: item.board_id, itemId: item.id }, { onError: (error) => toast.show('error', refusalText(error, 'Could not remove the article. Try again.')) });
  return (
    <article aria-labelledby={`board-item-${item.id}`} className="rounded-lg border border-slate-200 bg-white px-4 py-4 md:px-5 dark:border-slate-800 dark:bg-slate-900">
      {article.theme && <p className="text-xs font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400">{article.theme}</p>}
      <h2 id={`board-item-${item.id}`} className="mt-1 text-base leading-snug font-semibold text-slate-900 md:text-lg dark:text-white">
        <Link to={`/a/${article.id}`} className="hover:underline focus-visible:outline-2 focus-visible:outline-blue-600">
          {article.title}
        </Link>
      </h2>
      {summary && <p className="mt-1.5 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{summary}</p>}
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {capitalise(article.topic.name)} · Added by {item.added_by_me ? 'you' : item.added_by_name}{' '}
        <time dateTime={isoDate(item.created_at)} title={formatDate(item.created_at)}>
          {relativeTime(item.created_at).toLowerCase()}
        </time>
      </p>
      {editing ? (
        <NoteForm item={item} onDone={() => setEditing(false)} />
      ) : (
        item.note && <blockquote className="mt-3 border-l-4 border-amber-300 bg-amber-50 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-800 dark:border-amber-700 dark:bg-amber-950/40 dark:text-slate-200">{item.note}</blockquote>
      )}
      {!editing && (
        <div className="mt-3 flex gap-4">
          <button type="button" className={LINK_BUTTON} onClick={() => setEditing(true)}>
            {item.note ? 'Edit note' : 'Add a note'}
          </button>
          <button type="button" className={LINK_BUTTON} onClick={remove} disabled={removeItem.isPending}>
            Remove
          </button>
        </div>
      )}
    </article>
  );
}

function NoteForm({ item, onDone }: { item: TBoardItem; onDone: () => void }) {
  const [note, setNote] = useState(item.note ?? '');
  const { editNote } = useBoardChanges();
  const toast = useToast();
  const id = useId();
  const save = () =>
    editNote.mutate(
      { boardId: item.board_id, itemId: item.id, note },
      { onSuccess: onDone, onError: (error) => toast.show('error', refusalText(error, 'Could not save the note. Try again.')) },
    );
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-900 dark:text-white">
        Note
      </label>
      <textarea id={id} value={note} maxLength={BOARD_NOTE_MAX} rows={3} onChange={(e) => setNote(e.target.value)} className={inputClass} autoFocus />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" className="w-auto" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" className="w-auto" busy={editNote.isPending} busyLabel="Saving…">
          Save note
        </Button>
      </div>
    </form>
  );
}
