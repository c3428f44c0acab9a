import type { TDeliveryEvent } from '../../../contract/deliveries';
import { DeliveryTargets } from '../../components/delivery-targets';
import { CardShell } from './card-shell';

/** Team targets get breaking alerts and daily briefs; every new article is a user's own choice. */
const TEAM_EVENTS: readonly TDeliveryEvent[] = ['alerts', 'brief'];

/** The Team deliveries card: the account's webhook and Slack targets, for its admins. */
export function TeamDeliveriesCard() {
  return (
    <CardShell title="Team deliveries">
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">Team targets get every member’s breaking alerts and daily briefs, posted to a webhook or a Slack channel.</p>
      <DeliveryTargets basePath="/a/deliveries/" events={TEAM_EVENTS} title="Team delivery targets" emptyText="The team has no delivery targets." />
    </CardShell>
  );
}
