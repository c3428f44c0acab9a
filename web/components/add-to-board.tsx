import { useId, useState } from 'react';
import { Check, Lock, Plus, SquareLibrary, Users } from 'lucide-react';
import { BOARD_NAME_MAX, BOARD_NOTE_MAX, type TBoard, type TBoardVisibility } from '../../contract/boards';
import { refusalText } from '../lib/api';
import { useBoardChanges, useBoards } from '../lib/boards';
import { Dialog } from './ui/dialog';
import { Alert, Button, inputClass, selectClass } from './ui/form';
import { useToast } from './ui/toast';

/** A pill beside a card's judgement buttons; a button beside Share on the article page. */
const TRIGGERS = {
  card: 'relative z-10 inline-flex min-h-8 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 text-xs font-medium text-slate-700 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
  page: 'inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800',
};

/**
 * "Add to board" on a feed card and the article page: a small picker of the reader's boards (those
 * holding the article marked), a note, and "New board…" that makes one and adds the article to it.
 */
export function AddToBoard({ articleId, title, variant = 'card' }: { articleId: number; title: string; variant?: keyof typeof TRIGGERS }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={TRIGGERS[variant]} aria-label={`Add to board: ${title}`}>
        <SquareLibrary aria-hidden className={variant === 'card' ? 'size-3.5' : 'size-4'} /> Add to board
      </button>
      {open && <BoardPicker articleId={articleId} onClose={() => setOpen(false)} />}
    </>
  );
}

function BoardPicker({ articleId, onClose }: { articleId: number; onClose: () => void }) {
  const boards = useBoards(articleId);
  const { add, create } = useBoardChanges();
  const toast = useToast();
  const [note, setNote] = useState('');
  const [making, setMaking] = useState(false);
  const noteId = useId();
  const list = boards.data?.boards ?? [];
  const busy = add.isPending || create.isPending;

  const addTo = (board: Pick<TBoard, 'id' | 'name'>) =>
    add.mutate(
      { boardId: board.id, articleId, note },
      {
        onSuccess: () => {
          toast.show('success', `Added to ${board.name}.`);
          onClose();
        },
      },
    );

  return (
    <Dialog open onClose={onClose} title="Add to board" description="Write a note if you like, then choose a board. Shared boards are in your team’s side panel; private ones are yours alone." size="sm">
      <div className="space-y-4">
        {(add.isError || create.isError) && <Alert tone="error">{refusalText(add.error ?? create.error, 'Could not add the article. Try again.')}</Alert>}
        <div>
          <label htmlFor={noteId} className="text-sm font-medium text-slate-900 dark:text-white">
            Note <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
          </label>
          <textarea id={noteId} value={note} maxLength={BOARD_NOTE_MAX} rows={2} onChange={(e) => setNote(e.target.value)} className={`${inputClass} mt-1`} placeholder="Why it belongs here" />
        </div>
        {boards.isPending ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading your boards…</p>
        ) : list.length === 0 && !making ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No boards yet. Make the first one below.</p>
        ) : (
          <ul aria-label="Boards" className="max-h-60 space-y-1 overflow-y-auto">
            {list.map((board) => (
              <li key={board.id}>
                <button
                  type="button"
                  disabled={board.has_article || busy}
                  onClick={() => addTo(board)}
                  className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-default disabled:hover:bg-transparent dark:hover:bg-slate-800"
                >
                  {board.visibility === 'private' ? <Lock aria-label="Private" className="size-4 shrink-0 text-slate-500" /> : <Users aria-label="Shared with the account" className="size-4 shrink-0 text-slate-500" />}
                  <span className="min-w-0 flex-1 truncate font-medium text-slate-900 dark:text-white">{board.name}</span>
                  {board.has_article ? (
                    <span className="inline-flex items-center gap-1 text-xs text-emerald-700 dark:text-emerald-400">
                      <Check aria-hidden className="size-3.5" /> On this board
                    </span>
                  ) : (
                    <span className="text-xs text-slate-500 dark:text-slate-400">{board.item_count}</span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
        {making ? (
          <NewBoardForm busy={busy} onCancel={() => setMaking(false)} onCreate={(input) => create.mutate(input, { onSuccess: (board) => addTo(board) })} />
        ) : (
          <Button variant="secondary" onClick={() => setMaking(true)} disabled={busy}>
            <Plus aria-hidden className="size-4" /> New board…
          </Button>
        )}
      </div>
    </Dialog>
  );
}

/** A board's name and who sees it; also the board page's rename form. */
export function NewBoardForm({
  busy,
  onCancel,
  onCreate,
  submitLabel = 'Create and add',
  initial,
}: {
  busy: boolean;
  onCancel: () => void;
  onCreate: (input: { name: string; visibility: TBoardVisibility }) => void;
  submitLabel?: string;
  /** A board being renamed: its name, and who sees it (changed by its owner alone). */
  initial?: Pick<TBoard, 'name' | 'visibility' | 'mine'>;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [visibility, setVisibility] = useState<TBoardVisibility>(initial?.visibility ?? 'account');
  const nameId = useId();
  const visibilityId = useId();
  return (
    <form
      className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) onCreate({ name, visibility });
      }}
    >
      <div>
        <label htmlFor={nameId} className="text-sm font-medium text-slate-900 dark:text-white">
          Board name
        </label>
        <input id={nameId} value={name} maxLength={BOARD_NAME_MAX} onChange={(e) => setName(e.target.value)} className={`${inputClass} mt-1`} autoFocus required />
      </div>
      <div>
        <label htmlFor={visibilityId} className="text-sm font-medium text-slate-900 dark:text-white">
          Who sees it
        </label>
        <select id={visibilityId} value={visibility} disabled={initial !== undefined && !initial.mine} onChange={(e) => setVisibility(e.target.value as TBoardVisibility)} className={`${selectClass} mt-1`}>
          <option value="account">Everyone in the account</option>
          <option value="private">Only me</option>
        </select>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" className="w-auto" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" className="w-auto" disabled={!name.trim() || busy} busy={busy} busyLabel="Saving…">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
