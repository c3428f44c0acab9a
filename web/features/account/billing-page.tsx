import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { BILLING_TEXT } from '../../../contract/billing-text';
import { UsageReport } from '../../components/usage-report';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { useViewing } from '../../lib/viewing';
import { AccountTabs, canSeeBilling } from './account-tabs';
import { BudgetsCard } from './budgets-card';
import { CardShell } from './card-shell';
import { PlanCard } from './plan-card';
import { ProviderKeysCard } from './provider-keys-card';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * Account Settings → Billing: the plan and seats (only when the install sells Herald through
 * Stripe), the account's language-model usage, its budgets and its own provider keys. Billing
 * administrators and superusers only; anyone else goes home with the server's sentence.
 */
export default function BillingPage() {
  const { me } = useViewing();
  const navigate = useNavigate();
  const toast = useToast();
  const allowed = canSeeBilling(me);
  const turnedAway = useRef(false);

  useEffect(() => {
    if (allowed || turnedAway.current) return;
    turnedAway.current = true;
    toast.show('error', BILLING_TEXT.billingAdminsOnly);
    navigate('/', { replace: true });
  }, [allowed, navigate, toast]);

  usePageTitle('Billing');

  if (!allowed) return <Spinner />;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 pb-8 md:px-8 md:pt-8 md:pb-16">
      <button
        type="button"
        onClick={() => navigate('/')}
        className="rounded-md py-1 text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-400"
      >
        ← Back to Home
      </button>
      <h1 className="mt-3 text-2xl font-bold tracking-tight md:text-3xl">Billing</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">What your account&apos;s AI stages used and cost</p>
      <AccountTabs me={me} />
      <div className="mt-6 space-y-6">
        <PlanCard />
        <CardShell title="AI usage">
          <UsageReport scope="account" />
        </CardShell>
        <BudgetsCard />
        <ProviderKeysCard />
      </div>
    </div>
  );
}
