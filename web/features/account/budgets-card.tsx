import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BILLING_TEXT } from '../../../contract/billing-text';
import type { TBudgets, TBudgetStatus } from '../../../contract/billing';
import { Alert, Button, inputClass } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { authClient } from '../../lib/auth-client';
import { usd } from '../../lib/usage';
import { errorText } from './api';
import { CardShell } from './card-shell';

const KEY = ['billing', 'budgets'] as const;
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Where a budget stands, in words: spent of budget, and what happens at 100%. */
export function BudgetState({ budget }: { budget: TBudgetStatus }) {
  const percent = Math.min(100, Math.round(budget.share * 100));
  const tone = budget.state === 'reached' ? 'bg-red-600' : budget.state === 'warning' ? 'bg-amber-500' : 'bg-emerald-600';
  return (
    <div>
      <p className="text-sm">
        {usd(budget.spent_usd)} of {usd(budget.monthly_usd)} this month ({Math.round(budget.share * 100)}%)
      </p>
      <div className="mt-1 h-2 w-full max-w-sm rounded-full bg-slate-200 dark:bg-slate-700" role="progressbar" aria-label="Budget spent" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <div className={`h-2 rounded-full ${tone}`} style={{ width: `${percent}%` }} />
      </div>
      {budget.state === 'reached' && (
        <p className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">Budget spent: language-model stages run on the built-in engine until {day(budget.resets_at)}. Articles keep coming and say so.</p>
      )}
      {budget.state === 'warning' && <p className="mt-2 text-sm text-amber-800 dark:text-amber-200">Over 80% spent: at 100% the stages move to the built-in engine until {day(budget.resets_at)}.</p>}
    </div>
  );
}

function BudgetForm({ label, current, path, onSaved }: { label: string; current: TBudgetStatus | null; path: string; onSaved: (budgets: TBudgets) => void }) {
  const toast = useToast();
  const id = useId();
  const [value, setValue] = useState(current ? String(current.monthly_usd) : '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const send = async (monthly: number | null) => {
    setBusy(true);
    setError(undefined);
    try {
      onSaved(await authClient.authedApi<TBudgets>(`/account/billing/budgets/${path}`, { method: 'PUT', body: { monthly_usd: monthly } }));
      toast.show('success', monthly === null ? BILLING_TEXT.budgetRemoved : BILLING_TEXT.budgetSaved);
      if (monthly === null) setValue('');
    } catch (failure) {
      setError(errorText(failure, BILLING_TEXT.budgetFailed));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(value.replace(/[$,\s]/g, ''));
    if (!value.trim() || !Number.isFinite(amount)) return setError(BILLING_TEXT.budgetAmount);
    void send(amount);
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        <div className="flex items-center gap-1">
          <span aria-hidden>$</span>
          <input id={id} inputMode="decimal" className={`${inputClass} w-32`} value={value} onChange={(event) => setValue(event.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} />
        </div>
      </div>
      <Button type="submit" className="w-auto!" busy={busy} busyLabel="Saving…">
        Save
      </Button>
      {current && (
        <Button type="button" variant="secondary" className="w-auto!" disabled={busy} onClick={() => void send(null)}>
          Remove
        </Button>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * Budgets (Billing): the account's monthly AI budget and each member's, where they stand this
 * month, and what a spent budget does.
 */
export function BudgetsCard() {
  const queryClient = useQueryClient();
  const budgets = useQuery({ queryKey: KEY, queryFn: ({ signal }) => authClient.authedApi<TBudgets>('/account/billing/budgets', { signal }) });
  const saved = (next: TBudgets) => {
    queryClient.setQueryData(KEY, next);
    void queryClient.invalidateQueries({ queryKey: ['usage'] });
  };
  const data = budgets.data;
  return (
    <CardShell title="Monthly AI budget">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        At 80% billing administrators are told in their inbox. At 100% the account&apos;s (or the member&apos;s) language-model stages run on the built-in engine until the month ends (UTC): articles keep coming, and their Disclosure says so.
      </p>
      {budgets.isError && <Alert tone="error">{errorText(budgets.error, BILLING_TEXT.loadFailed)}</Alert>}
      {data && (
        <div className="mt-4 space-y-6">
          <div className="space-y-3">
            {data.account && <BudgetState budget={data.account} />}
            <BudgetForm key={`account-${data.account?.monthly_usd ?? 'none'}`} label="Account budget (USD a month)" current={data.account} path="account" onSaved={saved} />
          </div>
          <div>
            <h3 className="text-base font-semibold">Members</h3>
            <ul aria-label="Member budgets" className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
              {data.members.map((member) => (
                <li key={member.user_id} className="space-y-2 py-3">
                  <p className="text-sm font-medium">
                    {member.name} <span className="font-normal text-slate-600 dark:text-slate-400">· {usd(member.spent_usd)} this month</span>
                  </p>
                  {member.budget && <BudgetState budget={member.budget} />}
                  <BudgetForm key={`${member.user_id}-${member.budget?.monthly_usd ?? 'none'}`} label={`Budget of ${member.name} (USD a month)`} current={member.budget} path={`members/${member.user_id}`} onSaved={saved} />
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </CardShell>
  );
}
