import { useQuery } from '@tanstack/react-query';
import { Webhook } from 'lucide-react';
import { DELIVERY_EVENTS } from '../../../contract/deliveries';
import type { TTopic } from '../../../contract/topics';
import { DeliveryTargets } from '../../components/delivery-targets';
import { authClient } from '../../lib/auth-client';
import { FlowHeader } from './flow-header';

/**
 * Deliveries (in My Profile): the user's own webhook and Slack targets, which get what Herald would
 * email them: breaking alerts, every new article of chosen topics, the daily brief.
 */
export function Deliveries({ onBack }: { onBack: () => void }) {
  // The same cache entry as Manage Topics (the signed-in user's own topics).
  const topics = useQuery({ queryKey: ['topics', 'self'], queryFn: ({ signal }) => authClient.authedApi<{ topics: TTopic[] }>('/me/topics/', { signal }) });
  return (
    <div className="space-y-4">
      <FlowHeader icon={Webhook} title="Deliveries" onBack={onBack} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Besides your email, Herald can post your breaking alerts, every new article of the topics you choose, and your daily brief to a webhook of yours or to a Slack channel.
      </p>
      <DeliveryTargets basePath="/me/deliveries/" topics={topics.isError ? [] : topics.data?.topics} events={DELIVERY_EVENTS} title="Your delivery targets" emptyText="You have no delivery targets." />
    </div>
  );
}
