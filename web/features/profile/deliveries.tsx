import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Webhook } from 'lucide-react';
import { DELIVERY_EVENTS } from '../../../contract/deliveries';
import type { TTopic } from '../../../contract/topics';
import { DeliveryTargets } from '../../components/delivery-targets';
import { Button } from '../../components/ui/form';
import { authClient } from '../../lib/auth-client';

/**
 * Deliveries (in My Profile): the user's own webhook and Slack targets, which get what Herald would
 * email them: breaking alerts, every new article of chosen topics, the daily brief.
 */
export function Deliveries({ onBack }: { onBack: () => void }) {
  // The same cache entry as Manage Topics (the signed-in user's own topics).
  const topics = useQuery({ queryKey: ['topics', 'self'], queryFn: ({ signal }) => authClient.authedApi<{ topics: TTopic[] }>('/me/topics/', { signal }) });
  // The Deliveries button sits at the foot of the profile form: open at the top of the dialog's
  // scrolling body (this panel's parent), not where the form was scrolled to.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A block body: newer browsers answer scrollTo with a promise, which React would take for a cleanup.
    root.current?.parentElement?.scrollTo({ top: 0 });
  }, []);
  return (
    <div ref={root} className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-slate-100">
          <Webhook aria-hidden className="size-5" /> Deliveries
        </h3>
        <Button type="button" variant="secondary" className="w-auto!" onClick={onBack}>
          <ArrowLeft aria-hidden className="size-4" /> Back to Profile
        </Button>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Besides your email, Herald can post your breaking alerts, every new article of the topics you choose, and your daily brief to a webhook of yours or to a Slack channel.
      </p>
      <DeliveryTargets basePath="/me/deliveries/" topics={topics.isError ? [] : topics.data?.topics} events={DELIVERY_EVENTS} title="Your delivery targets" emptyText="You have no delivery targets." />
    </div>
  );
}
