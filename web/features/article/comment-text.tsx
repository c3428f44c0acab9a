import { commentPieces } from '../../../contract/comment-text';

/**
 * A comment drawn as plain text: addresses as links that open apart (no referrer, no follow),
 * the handles the server resolved to teammates highlighted, everything else as the text it is.
 * Never markup from the comment: React escapes each piece.
 */
export function CommentText({ body, mentions }: { body: string; mentions: readonly string[] }) {
  return (
    <p dir="auto" className="break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">
      {commentPieces(body, mentions).map((piece, i) =>
        piece.kind === 'link' ? (
          <a key={i} href={piece.href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-400">
            {piece.text}
          </a>
        ) : piece.kind === 'mention' ? (
          <span key={i} data-mention={piece.handle} className="rounded bg-blue-100 px-0.5 font-medium text-blue-900 dark:bg-blue-900/60 dark:text-blue-100">
            {piece.text}
          </span>
        ) : (
          <span key={i}>{piece.text}</span>
        ),
      )}
    </p>
  );
}
