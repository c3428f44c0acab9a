import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { ConfirmCodeForm, ResendConfirmationButton } from './confirm-code';
import { Divider, linkClass } from './ui';

/** The 'Check Your Email' state after registration. */
export function CheckEmail({ email, onConfirmed }: { email: string; onConfirmed: () => void }) {
  return (
    <div>
      <MailCheck aria-hidden className="size-10 text-blue-700 dark:text-blue-400" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Check Your Email</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        We have sent a confirmation email to <strong className="break-all text-slate-900 dark:text-white">{email}</strong>.
      </p>
      <h2 className="mt-6 text-sm font-semibold">Next steps</h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>Open the email from Herald. If it is not in your inbox, look in your spam folder.</li>
        <li>Click the confirmation link, or enter the 6-digit code from the email below.</li>
        <li>Complete your profile so Herald can find what matters to you.</li>
      </ol>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        No email after a few minutes? <ResendConfirmationButton email={email} />
      </p>
      <Divider>Have the code?</Divider>
      <ConfirmCodeForm email={email} onConfirmed={onConfirmed} />
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Already confirmed?{' '}
        <Link to="/login" className={linkClass}>
          Log in
        </Link>
      </p>
    </div>
  );
}
