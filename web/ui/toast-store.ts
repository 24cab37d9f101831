// Toast messages (docs/product/site.md#messages-confirmations-and-loading): a tiny store with its own timers, so
// any code (the call helper included) can show, pause, resume and remove messages.
import { TOAST_LIFE_MS } from '../../common/constants';

export type Severity = 'info' | 'success' | 'warn' | 'error';

export interface ToastInput {
  id?: number;
  severity?: Severity;
  summary?: string;
  detail?: string;
  /** Milliseconds before the message closes itself; 0 or less keeps it until closed. */
  life?: number;
  closable?: boolean;
  group?: string;
  icon?: string;
  styleClass?: string;
  contentStyleClass?: string;
}

export interface ToastMessage extends ToastInput {
  id: number;
  severity: Severity;
  life: number;
  closable: boolean;
}

interface Timer {
  remaining: number;
  startedAt: number;
  handle: ReturnType<typeof setTimeout> | null;
}

type Listener = () => void;

export function createToastStore(now: () => number = () => Date.now()) {
  let messages: ToastMessage[] = [];
  let nextId = 1;
  const timers = new Map<number, Timer>();
  const listeners = new Set<Listener>();

  const emit = () => {
    for (const l of listeners) l();
  };

  const stopTimer = (id: number) => {
    const t = timers.get(id);
    if (t?.handle) clearTimeout(t.handle);
    timers.delete(id);
  };

  const startTimer = (id: number, ms: number) => {
    const t: Timer = { remaining: ms, startedAt: now(), handle: null };
    t.handle = setTimeout(() => remove(id), ms);
    timers.set(id, t);
  };

  function show(input: ToastInput): number {
    const id = input.id ?? nextId++;
    if (input.id !== undefined && input.id >= nextId) nextId = input.id + 1;
    const message: ToastMessage = {
      ...input,
      id,
      severity: input.severity ?? 'info',
      life: input.life ?? TOAST_LIFE_MS,
      closable: input.closable ?? true,
    };
    // Showing an id again replaces the old message.
    stopTimer(id);
    messages = [...messages.filter((m) => m.id !== id), message];
    if (message.life > 0) startTimer(id, message.life);
    emit();
    return id;
  }

  function remove(id: number) {
    stopTimer(id);
    const before = messages.length;
    messages = messages.filter((m) => m.id !== id);
    if (messages.length !== before) emit();
  }

  function removeGroup(group: string | undefined) {
    const gone = messages.filter((m) => m.group === group);
    if (gone.length === 0) return;
    for (const m of gone) stopTimer(m.id);
    messages = messages.filter((m) => m.group !== group);
    emit();
  }

  function removeAll() {
    for (const id of [...timers.keys()]) stopTimer(id);
    if (messages.length === 0) return;
    messages = [];
    emit();
  }

  /** Hovering a message stops its timer and keeps the time it had left. */
  function pause(id: number) {
    const t = timers.get(id);
    if (!t || t.handle === null) return;
    clearTimeout(t.handle);
    t.handle = null;
    t.remaining = Math.max(0, t.remaining - (now() - t.startedAt));
  }

  /** Leaving the message starts the timer again with the time that was left. */
  function resume(id: number) {
    const t = timers.get(id);
    if (!t || t.handle !== null) return;
    t.startedAt = now();
    t.handle = setTimeout(() => remove(id), t.remaining);
  }

  function remaining(id: number): number | undefined {
    const t = timers.get(id);
    if (!t) return undefined;
    return t.handle === null ? t.remaining : Math.max(0, t.remaining - (now() - t.startedAt));
  }

  return {
    show,
    remove,
    removeGroup,
    removeAll,
    pause,
    resume,
    remaining,
    getMessages: () => messages,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The one store the whole app uses. */
export const toastStore = createToastStore();

const withSeverity =
  (severity: Severity) =>
  (detail: string, options: Omit<ToastInput, 'severity' | 'detail'> = {}) =>
    toastStore.show({ ...options, severity, detail });

/** toast({...}) or toast.info('…'); usable from anywhere, React or not. */
export const toast = Object.assign((input: ToastInput) => toastStore.show(input), {
  info: withSeverity('info'),
  success: withSeverity('success'),
  warn: withSeverity('warn'),
  error: withSeverity('error'),
  remove: (id: number) => toastStore.remove(id),
  removeGroup: (group: string | undefined) => toastStore.removeGroup(group),
  removeAll: () => toastStore.removeAll(),
});
