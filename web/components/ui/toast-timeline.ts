import { TOAST_DISMISS_MS, TOAST_REMOVE_DELAY_MS, TOAST_SHOW_DELAY_MS } from '../../../contract/constants';

export type ToastType = 'success' | 'error' | 'info';
export type ToastPhase = 'entering' | 'visible' | 'leaving';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  phase: ToastPhase;
}

type Timer = ReturnType<typeof setTimeout>;

/**
 * The toast lifecycle, kept free of React so its timings can be tested:
 * a toast appears after 0.1 s, starts leaving after 4.5 s (or when dismissed), and is removed
 * 0.3 s later.
 */
export class ToastTimeline {
  private toasts: Toast[] = [];
  private timers = new Map<number, Timer[]>();
  private nextId = 1;

  constructor(private readonly onChange: (toasts: Toast[]) => void) {}

  show(type: ToastType, message: string): number {
    const id = this.nextId++;
    this.toasts = [...this.toasts, { id, type, message, phase: 'entering' }];
    this.timers.set(id, [
      setTimeout(() => this.setPhase(id, 'visible'), TOAST_SHOW_DELAY_MS),
      setTimeout(() => this.dismiss(id), TOAST_SHOW_DELAY_MS + TOAST_DISMISS_MS),
    ]);
    this.emit();
    return id;
  }

  dismiss(id: number): void {
    const toast = this.toasts.find((t) => t.id === id);
    if (!toast || toast.phase === 'leaving') return;
    this.clearTimers(id);
    this.setPhase(id, 'leaving');
    this.timers.set(id, [setTimeout(() => this.remove(id), TOAST_REMOVE_DELAY_MS)]);
  }

  dispose(): void {
    for (const id of this.timers.keys()) this.clearTimers(id);
  }

  private remove(id: number): void {
    this.clearTimers(id);
    this.toasts = this.toasts.filter((t) => t.id !== id);
    this.emit();
  }

  private setPhase(id: number, phase: ToastPhase): void {
    this.toasts = this.toasts.map((t) => (t.id === id ? { ...t, phase } : t));
    this.emit();
  }

  private clearTimers(id: number): void {
    this.timers.get(id)?.forEach(clearTimeout);
    this.timers.delete(id);
  }

  private emit(): void {
    this.onChange(this.toasts);
  }
}
