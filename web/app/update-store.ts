// Whether a new version of the app is installed and waiting (web/app/service-worker.ts), and how
// to switch to it. The bar (update-prompt.tsx) reads it; nothing here loads the worker's code.
type Listener = () => void;

let apply: (() => void) | null = null;
const listeners = new Set<Listener>();

export const updateStore = {
  /** The switch to the waiting version, or null when there is none. */
  get: () => apply,
  offer(fn: () => void) {
    apply = fn;
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
