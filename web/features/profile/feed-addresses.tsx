import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Rss } from 'lucide-react';
import { FEEDS_OUT_MESSAGES, type TFeedFormats, type TFeedUrls } from '../../../contract/feeds-out';
import { FlowHeader } from './flow-header';
import { CopyButton } from '../../components/ui/copy-button';
import { Alert, Button } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { authClient } from '../../lib/auth-client';

const KEY = ['me', 'feed-urls'] as const;
const FORMATS: { key: keyof TFeedFormats; label: string }[] = [
  { key: 'rss', label: 'RSS' },
  { key: 'atom', label: 'Atom' },
  { key: 'json', label: 'JSON Feed' },
];

function Addresses({ label, urls }: { label: string; urls: TFeedFormats }) {
  return (
    <li className="py-3">
      <p className="mb-1 text-sm font-medium text-slate-900 dark:text-slate-100">{label}</p>
      <div className="flex flex-wrap gap-2">
        {FORMATS.map((format) => (
          <span key={format.key} className="inline-flex items-center gap-1">
            <a className="text-sm font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400" href={urls[format.key]} target="_blank" rel="noreferrer">
              {format.label}
            </a>
            <CopyButton text={urls[format.key]} label={`Copy ${format.label}`} />
          </span>
        ))}
      </div>
    </li>
  );
}

/**
 * Feeds (in My Profile): the addresses of the user's feed and of each topic's, as RSS, Atom and
 * JSON Feed, to paste into a feed reader; they carry a secret, so Regenerate makes new ones and the
 * old ones stop working.
 */
export function FeedAddresses({ onBack }: { onBack: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const urls = useQuery({ queryKey: KEY, queryFn: ({ signal }) => authClient.authedApi<TFeedUrls>('/me/feed-urls/', { signal }) });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const regenerate = async () => {
    setBusy(true);
    try {
      queryClient.setQueryData(KEY, await authClient.authedApi<TFeedUrls>('/me/feed-urls/regenerate/', { method: 'POST' }));
      toast.show('success', FEEDS_OUT_MESSAGES.regenerated);
      setConfirming(false);
    } catch {
      toast.show('error', 'Could not make new feed addresses. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <FlowHeader icon={Rss} title="Feeds" onBack={onBack} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Follow your Herald articles in any feed reader: paste one of these addresses into it. Each address carries a secret, so anyone who has it can read that feed; keep them to yourself.
      </p>
      {urls.isError && <Alert tone="error">Could not load your feed addresses. Please try again.</Alert>}
      {urls.isPending && <p role="status">Loading feed addresses…</p>}
      {urls.data && (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label="Feed addresses">
          <Addresses label="All your articles" urls={urls.data} />
          {urls.data.topics.map((topic) => (
            <Addresses key={topic.id} label={topic.name} urls={topic} />
          ))}
        </ul>
      )}
      <div className="border-t border-slate-200 pt-4 dark:border-slate-700">
        {confirming ? (
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Regenerate feed addresses?">
            <span className="text-sm text-slate-700 dark:text-slate-300">Feed readers using the current addresses stop getting articles.</span>
            <Button type="button" variant="secondary" className="w-auto!" onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="button" className="w-auto!" onClick={() => void regenerate()} busy={busy} busyLabel="Regenerating…">
              Regenerate
            </Button>
          </div>
        ) : (
          <Button type="button" variant="secondary" className="w-auto!" onClick={() => setConfirming(true)}>
            Regenerate addresses
          </Button>
        )}
      </div>
    </div>
  );
}
