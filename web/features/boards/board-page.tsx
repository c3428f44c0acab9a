import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Lock, Pencil, Rss, Trash2, Users } from 'lucide-react';
import { NotFoundSection } from '../../components/ui/not-found';
import type { TBoard, TBoardPage } from '../../../contract/boards';
import { NewBoardForm } from '../../components/add-to-board';
import { CopyButton } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { ApiError, refusalText } from '../../lib/api';
import { useBoardChanges, useBoardPages } from '../../lib/boards';
import { usePageTitle } from '../../lib/use-page-title';
import { BoardItem } from './board-item';

const SMALL =
  'inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700';
const boardId = (raw: string | undefined) => (raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);

/** /boards/{id}: a board's articles, newest first, with who added each and its note; its feeds; rename and delete for its owner or an admin. */
export default function BoardPage() {
  const id = boardId(useParams().id);
  const pages = useBoardPages(id);
  const first = pages.data?.pages[0];
  usePageTitle(first?.board.name);
  if (id === undefined) return <Missing reason="Board not found." />;
  if (pages.isPending) return <Spinner label="Loading board" />;
  if (pages.isError || !first) return <Missing reason={pages.error instanceof ApiError && pages.error.status < 500 ? pages.error.message : 'Failed to load the board.'} />;
  const items = pages.data.pages.flatMap((page) => page.items);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:px-6 md:py-10">
      <BoardHeader board={first.board} feeds={first.feeds} />
      {items.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          Nothing on this board yet. Use “Add to board” on an article in your feed or on its page.
        </p>
      ) : (
        <ul className="mt-6 space-y-3">
          {items.map((item) => (
            <li key={item.id}>
              <BoardItem item={item} />
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" className="w-auto" onClick={() => void pages.fetchNextPage()} busy={pages.isFetchingNextPage} busyLabel="Loading…">
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}

function BoardHeader({ board, feeds }: { board: TBoard; feeds: TBoardPage['feeds'] }) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { update } = useBoardChanges();
  const shared = board.visibility === 'account';
  return (
    <header>
      <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 dark:text-white">{board.name}</h1>
      <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <span className="inline-flex items-center gap-1">
          {shared ? <Users aria-hidden className="size-4" /> : <Lock aria-hidden className="size-4" />}
          {shared ? 'Shared with the account' : 'Private'}
        </span>
        <span>Made by {board.mine ? 'you' : board.owner_name}</span>
        <span>
          {board.item_count} {board.item_count === 1 ? 'article' : 'articles'}
        </span>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1 text-sm font-medium text-slate-700 dark:text-slate-300">
          <Rss aria-hidden className="size-4" /> Feed
        </span>
        <CopyButton text={feeds.rss} label="Copy RSS" />
        <CopyButton text={feeds.json} label="Copy JSON Feed" />
        {board.can_manage && (
          <>
            <button type="button" className={`${SMALL} sm:ml-auto`} onClick={() => setRenaming(true)}>
              <Pencil aria-hidden className="size-3.5" /> Rename
            </button>
            <button type="button" className={SMALL} onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden className="size-3.5" /> Delete
            </button>
          </>
        )}
      </div>
      {renaming && (
        <Dialog open onClose={() => setRenaming(false)} title="Rename board" size="sm">
          {update.isError && <Alert tone="error">{refusalText(update.error, 'Could not rename the board. Try again.')}</Alert>}
          <NewBoardForm
            key={board.id}
            busy={update.isPending}
            submitLabel="Save"
            initial={board}
            onCancel={() => setRenaming(false)}
            onCreate={(input) => update.mutate({ id: board.id, change: board.mine ? input : { name: input.name } }, { onSuccess: () => setRenaming(false) })}
          />
        </Dialog>
      )}
      {deleting && <DeleteBoard board={board} onClose={() => setDeleting(false)} />}
    </header>
  );
}

function DeleteBoard({ board, onClose }: { board: TBoard; onClose: () => void }) {
  const { remove } = useBoardChanges();
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = () =>
    remove.mutate(board.id, {
      onSuccess: () => {
        toast.show('success', `Deleted ${board.name}.`);
        navigate('/');
      },
    });
  return (
    <Dialog
      open
      onClose={onClose}
      title="Delete this board?"
      description="Its articles stay in Herald; the board and its notes go for everyone."
      size="sm"
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" className="w-auto" onClick={onClose}>
            Cancel
          </Button>
          <Button className="w-auto" onClick={confirm} busy={remove.isPending} busyLabel="Deleting…">
            Delete board
          </Button>
        </div>
      }
    >
      {remove.isError ? <Alert tone="error">{refusalText(remove.error, 'Could not delete the board. Try again.')}</Alert> : <p className="text-sm">{board.name}</p>}
    </Dialog>
  );
}

function Missing({ reason }: { reason: string }) {
  return <NotFoundSection id="board-error-title" title="Board Not Found" reason={reason} />;
}
