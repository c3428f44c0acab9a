import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { BILLING_TEXT, SEATS_MAX } from '../../../contract/billing-text';
import type { TPlan } from '../../../contract/billing';
import { Alert, Button, inputClass } from '../../components/ui/form';
import { authClient } from '../../lib/auth-client';
import { errorText } from './api';
import { CardShell } from './card-shell';

const SEATED = ['active', 'trialing', 'past_due'];
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const STATUS: Record<string, string> = { active: 'Active', trialing: 'Trial', past_due: 'Payment due', canceled: 'Cancelled', unpaid: 'Unpaid', incomplete: 'Incomplete', incomplete_expired: 'Expired', paused: 'Paused' };

/** Sends the browser to the Stripe page the server opened (Checkout or the customer portal). */
function useRedirect(path: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const go = async (body?: object) => {
    setBusy(true);
    setError(undefined);
    try {
      const { url } = await authClient.authedApi<{ url: string }>(path, { method: 'POST', body: body ?? {} });
      window.location.assign(url);
    } catch (failure) {
      setError(errorText(failure, BILLING_TEXT.redirectFailed));
      setBusy(false);
    }
  };
  return { busy, error, go };
}

function Seats({ plan }: { plan: TPlan }) {
  const seats = plan.seats ?? 0;
  const percent = seats > 0 ? Math.min(100, Math.round((plan.seats_used / seats) * 100)) : 100;
  return (
    <div>
      <p className="text-sm">
        <span className="font-medium">{plan.seats_used}</span> of {seats} {seats === 1 ? 'seat' : 'seats'} used <span className="text-slate-600 dark:text-slate-400">(members and open invitations)</span>
      </p>
      <div className="mt-1 h-2 w-full max-w-sm rounded-full bg-slate-200 dark:bg-slate-700" role="progressbar" aria-label="Seats used" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <div className={`h-2 rounded-full ${plan.seats_used >= seats ? 'bg-amber-500' : 'bg-emerald-600'}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function ChoosePlan({ plan }: { plan: TPlan }) {
  const id = useId();
  const [seats, setSeats] = useState(String(Math.max(plan.seats_used, 1)));
  const checkout = useRedirect('/account/billing/checkout');
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void checkout.go({ seats: Number(seats) });
      }}
    >
      <div>
        <label htmlFor={id} className="block text-sm font-medium">
          Seats
        </label>
        <input id={id} type="number" min={Math.max(plan.seats_used, 1)} max={SEATS_MAX} className={`${inputClass} w-28`} value={seats} onChange={(event) => setSeats(event.target.value)} />
      </div>
      <Button type="submit" className="w-auto!" busy={checkout.busy} busyLabel="Opening Stripe…">
        {BILLING_TEXT.choosePlan}
      </Button>
      {checkout.error && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
          {checkout.error}
        </p>
      )}
    </form>
  );
}

function PlanSummary({ plan }: { plan: TPlan }) {
  if (!plan.plan || !plan.status) return <p className="text-sm text-slate-600 dark:text-slate-400">{BILLING_TEXT.noPlan}</p>;
  const ends = plan.current_period_end ? day(plan.current_period_end) : undefined;
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-base font-semibold">{plan.plan}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${SEATED.includes(plan.status) ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200' : 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200'}`}>
          {STATUS[plan.status] ?? plan.status}
        </span>
      </p>
      {ends && SEATED.includes(plan.status) && <p className="text-sm text-slate-700 dark:text-slate-300">{plan.cancel_at_period_end ? `Cancels on ${ends}` : `Renews on ${ends}`}</p>}
    </div>
  );
}

/**
 * Plan (Billing), only when the install sells Herald through Stripe: the plan, seats used of
 * bought, status and period end; Choose plan (Stripe Checkout) or Manage billing (the customer
 * portal). A self-hosted install shows nothing of it.
 */
export function PlanCard() {
  const [params] = useSearchParams();
  const backFromCheckout = params.get('checkout') === 'done';
  const plan = useQuery({
    queryKey: ['billing', 'plan'],
    queryFn: ({ signal }) => authClient.authedApi<TPlan>('/account/billing/plan', { signal }),
    // Back from Checkout, the plan arrives with Stripe's webhook: asked again until it holds (two minutes at most).
    refetchInterval: (query) => (backFromCheckout && query.state.data?.provider === 'stripe' && !SEATED.includes(query.state.data.status ?? '') && query.state.dataUpdateCount < 40 ? 3000 : false),
  });
  const portal = useRedirect('/account/billing/portal');
  const data = plan.data;
  if (plan.isError) return <Alert tone="error">{errorText(plan.error, BILLING_TEXT.loadFailed)}</Alert>;
  if (!data || data.provider !== 'stripe') return null;
  const holds = !!data.status && SEATED.includes(data.status);
  const manage = data.has_customer && (
    <Button type="button" variant={holds ? 'primary' : 'secondary'} className="w-auto!" busy={portal.busy} busyLabel="Opening Stripe…" onClick={() => void portal.go()}>
      {BILLING_TEXT.manageBilling}
    </Button>
  );
  return (
    <CardShell title={BILLING_TEXT.planCardTitle} action={manage || undefined}>
      <div className="space-y-4">
        {backFromCheckout && !holds && <Alert tone="info">Thank you: your plan shows here as soon as Stripe confirms the payment.</Alert>}
        <PlanSummary plan={data} />
        <Seats plan={data} />
        {!holds && <ChoosePlan plan={data} />}
        {holds && <p className="text-sm text-slate-600 dark:text-slate-400">Invoices, payment method, seats and cancelling are in Manage billing (Stripe).</p>}
        {portal.error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {portal.error}
          </p>
        )}
      </div>
    </CardShell>
  );
}
