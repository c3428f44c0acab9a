import { useEffect } from 'react';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import type { TArticleSummary } from '../../contract/feed';
import { JUDGEMENT_LABELS, JUDGEMENT_TEXT, JUDGEMENTS, judgementConfirmation, type TJudgement } from '../../contract/judgement-text';
import { refusalText } from '../lib/api';
import { useJudgement, type JudgementOutcome } from '../lib/judgements';
import { useViewing } from '../lib/viewing';
import { useToast } from './ui/toast';

const ICONS = { more: ThumbsUp, less: ThumbsDown } as const;

interface Props {
  article: Pick<TArticleSummary, 'id' | 'judgement' | 'topic'>;
  userId?: string;
  requested?: TJudgement;
  onRequestHandled?: () => void;
  className?: string;
}

const BUTTON =
  'inline-flex min-h-8 items-center gap-1.5 rounded-full border px-3 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 aria-disabled:cursor-wait ' +
  'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 ' +
  'aria-pressed:border-blue-300 aria-pressed:bg-blue-50 aria-pressed:text-blue-800 dark:aria-pressed:border-blue-700 dark:aria-pressed:bg-blue-950 dark:aria-pressed:text-blue-200';

/**
 * "More like this" and "Less like this" on an article: the chosen one pressed; a click on the
 * other changes it, a second click on the chosen one undoes it. Shown at once, confirmed or put
 * back with a toast. Hidden in an admin's preview, which is read-only (a superuser acting as the
 * reader may judge for them).
 *
 * `requested` is a judgement an email link asked for (the article page's ?judgement=): applied
 * once, never undoing the same one already there; then `onRequestHandled` (the page tidies its
 * address).
 */
export function JudgementButtons({ article, userId, requested, onRequestHandled, className = '' }: Props) {
  const { me, isImpersonating } = useViewing();
  const readOnly = isImpersonating && !me.is_superuser;
  const toast = useToast();
  const { judgement, saving, choose } = useJudgement(article, userId, (outcome: JudgementOutcome) => {
    if (outcome.saved) toast.show('success', judgementConfirmation(outcome.saved.judgement, outcome.saved.topic.name));
    else toast.show('error', refusalText(outcome.error, JUDGEMENT_TEXT.failed));
  });

  useEffect(() => {
    if (!requested) return;
    if (!readOnly && judgement !== requested) choose(requested);
    onRequestHandled?.();
    // Once per request: what the reader does afterwards is theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requested]);

  if (readOnly) return null;

  const toggle = (value: TJudgement) => choose(judgement === value ? null : value);
  return (
    // Above the card's full-size title link (its ::after covers the card).
    <div role="group" aria-label={`Articles like this in ${article.topic.name}`} className={`relative z-10 flex flex-wrap gap-2 ${className}`}>
      {JUDGEMENTS.map((value) => {
        const Icon = ICONS[value];
        const pressed = judgement === value;
        return (
          <button key={value} type="button" aria-pressed={pressed} aria-disabled={saving || undefined} onClick={() => toggle(value)} className={BUTTON}>
            <Icon aria-hidden className={`size-3.5 ${pressed ? 'fill-current' : ''}`} />
            {JUDGEMENT_LABELS[value]}
          </button>
        );
      })}
    </div>
  );
}
