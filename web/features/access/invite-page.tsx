import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { BrainCircuit, CircleAlert, Clock, MailWarning, UserCheck, Users, Zap } from 'lucide-react';
import { INVITE_MESSAGES, type TInvite } from '../../../contract/auth';
import { api, ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Spinner } from '../../components/ui/spinner';
import { RegistrationForm } from './registration-form';
import { AuthPage, Button, Card, primaryButtonClass } from './ui';

/** Invitation accept simulated delay. */
export const INVITE_ACCEPT_DELAY_MS = 1000;

const BENEFITS = [
  { icon: BrainCircuit, text: 'AI-driven industry insights' },
  { icon: Zap, text: 'Real-time updates on critical developments' },
  { icon: Users, text: 'Seamless team collaboration tools' },
];

type Problem = 'notFound' | 'alreadyAccepted' | 'expired';
type State = { kind: 'loading' } | { kind: 'problem'; problem: Problem } | { kind: 'valid'; invite: TInvite } | { kind: 'accepting'; invite: TInvite } | { kind: 'register'; invite: TInvite };

/** Server text to screen; any other or missing text gives not found. */
function problemOf(error: unknown): Problem {
  const message = error instanceof ApiError ? error.message : '';
  if (message === INVITE_MESSAGES.accepted) return 'alreadyAccepted';
  if (message === INVITE_MESSAGES.expired) return 'expired';
  return 'notFound';
}

const PROBLEMS: Record<Problem, { icon: typeof CircleAlert; title: string; text: string }> = {
  notFound: { icon: CircleAlert, title: 'Invitation Not Found', text: 'This invitation link is not valid. Please check the link in your email, or ask your team administrator to invite you again.' },
  alreadyAccepted: { icon: UserCheck, title: 'Invitation Already Accepted', text: 'This invitation has already been used to create an account. Log in to continue.' },
  expired: { icon: Clock, title: 'Invitation Expired', text: 'This invitation has expired. We have emailed you a new invitation: please use the link in that email.' },
};

/**
 * /invite/{token}: validate, then 'Join Herald' with the team account
 * and its benefits; 'Accept Invitation' leads after 1 s to registration with the email locked.
 */
export default function InvitePage() {
  const { token = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (session.status !== 'anonymous') return;
    const controller = new AbortController();
    api<TInvite>(`/invite/${encodeURIComponent(token)}/`, { signal: controller.signal })
      .then((invite) => setState({ kind: 'valid', invite }))
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState({ kind: 'problem', problem: problemOf(error) });
      });
    return () => controller.abort();
  }, [token, session.status]);

  useEffect(() => {
    if (state.kind !== 'accepting') return;
    const invite = state.invite;
    const timer = setTimeout(() => setState({ kind: 'register', invite }), INVITE_ACCEPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state]);

  if (session.status === 'checking') return <Spinner label="Checking your session" />;
  // Registering here signs the user in; that must not count as "already logged in".
  if (session.status === 'authenticated' && state.kind !== 'register') return <Navigate to="/?ec=li" replace />;

  return (
    <AuthPage>
      <Card>
        {state.kind === 'loading' && <Spinner label="Checking your invitation" />}
        {state.kind === 'problem' && <InviteProblem problem={state.problem} />}
        {(state.kind === 'valid' || state.kind === 'accepting') && (
          <div>
            <MailWarning aria-hidden className="size-10 text-blue-700 dark:text-blue-400" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight">Join Herald</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              You have been invited to join the <strong className="text-slate-900 dark:text-white">{state.invite.account}</strong> team account.
            </p>
            <ul className="mt-6 space-y-3">
              {BENEFITS.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-center gap-3">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
                    <Icon aria-hidden className="size-5" />
                  </span>
                  <span className="text-slate-800 dark:text-slate-200">{text}</span>
                </li>
              ))}
            </ul>
            <Button type="button" className="mt-8" busy={state.kind === 'accepting'} busyLabel="Accepting…" onClick={() => setState({ kind: 'accepting', invite: state.invite })}>
              Accept Invitation
            </Button>
          </div>
        )}
        {state.kind === 'register' && (
          <div>
            <h1 className="text-2xl font-bold tracking-tight">Create your account</h1>
            <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-400">
              You are joining <strong className="text-slate-900 dark:text-white">{state.invite.account}</strong>.
            </p>
            <RegistrationForm
              initial={{ first_name: state.invite.first_name, last_name: state.invite.last_name, email: state.invite.email }}
              emailLocked
              inviteToken={state.invite.token}
              submitLabel="Join Herald"
              onDone={(outcome) => {
                navigate(outcome === 'signed-in' ? '/complete-profile' : '/login', { replace: true });
              }}
            />
          </div>
        )}
      </Card>
    </AuthPage>
  );
}

function InviteProblem({ problem }: { problem: Problem }) {
  const { icon: Icon, title, text } = PROBLEMS[problem];
  return (
    <div className="text-center">
      <Icon aria-hidden className="mx-auto size-12 text-slate-500 dark:text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{text}</p>
      {problem === 'alreadyAccepted' ? (
        <Link to="/login" className={`${primaryButtonClass} mt-6`}>
          Login
        </Link>
      ) : (
        <Link to="/" className={`${primaryButtonClass} mt-6`}>
          Go to Herald
        </Link>
      )}
    </div>
  );
}
