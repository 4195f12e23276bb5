import { TOAST_TIMEOUT_MS } from '@kartu/core/constants';

export type ToastType = 'info' | 'error' | 'success';

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  timestamp: number;
  timeout: number;
}

export interface ToastInput {
  type: ToastType;
  message: string;
  /** Milliseconds before it closes itself; 0 keeps it until closed (spec: app-core §5: 0 or greater). */
  timeout?: number;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function dismiss(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  toasts = toasts.filter((item) => item.id !== id);
  emit();
}

function show(input: ToastInput): number {
  const id = nextId++;
  const timeout = Math.max(0, input.timeout ?? TOAST_TIMEOUT_MS);
  toasts = [...toasts, { id, type: input.type, message: input.message, timestamp: Date.now(), timeout }];
  if (timeout > 0) timers.set(id, setTimeout(() => dismiss(id), timeout));
  emit();
  return id;
}

function clear(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toasts = [];
  emit();
}

/** spec: app-core §9: 5000 ms unless the caller says otherwise. */
export const toast = {
  show,
  dismiss,
  clear,
  info: (message: string, timeout?: number) => show({ type: 'info', message, timeout }),
  success: (message: string, timeout?: number) => show({ type: 'success', message, timeout }),
  error: (message: string, timeout?: number) => show({ type: 'error', message, timeout }),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getToasts: (): readonly Toast[] => toasts,
};
