import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { ToastTimeline, type Toast, type ToastType } from './toast-timeline';

interface ToastApi {
  show(type: ToastType, message: string): number;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider>');
  return api;
}

const ICONS = { success: CheckCircle2, error: XCircle, info: Info } as const;
const TONES = {
  success: 'border-emerald-500/40 text-emerald-700 dark:text-emerald-300',
  error: 'border-red-500/40 text-red-700 dark:text-red-300',
  info: 'border-blue-500/40 text-blue-700 dark:text-blue-300',
} as const;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timeline = useMemo(() => new ToastTimeline(setToasts), []);
  useEffect(() => () => timeline.dispose(), [timeline]);
  const api = useMemo<ToastApi>(() => ({ show: (t, m) => timeline.show(t, m), dismiss: (id) => timeline.dismiss(id) }), [timeline]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 md:items-end md:right-4 md:left-auto">
        {toasts.map((toast) => {
          const Icon = ICONS[toast.type];
          return (
            <div
              key={toast.id}
              role={toast.type === 'error' ? 'alert' : 'status'}
              data-phase={toast.phase}
              className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border bg-white px-4 py-3 text-sm shadow-lg transition-all duration-300 dark:bg-slate-800 ${TONES[toast.type]} ${
                toast.phase === 'visible' ? 'translate-y-0 opacity-100' : 'translate-y-2 opacity-0'
              }`}
            >
              <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
              <p className="flex-1 text-slate-800 dark:text-slate-100">{toast.message}</p>
              <button type="button" onClick={() => timeline.dismiss(toast.id)} aria-label="Dismiss notification" className="rounded text-slate-500 hover:text-slate-800 dark:hover:text-slate-100">
                <X aria-hidden className="size-4" />
              </button>
            </div>
          );
        })}
      </div>
    </ToastContext.Provider>
  );
}
