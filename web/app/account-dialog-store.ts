// Which of the not-yet-built dialogs (password reset, my info) is open.
import { useSyncExternalStore } from 'react';

export type StubDialog = 'reset' | 'myInfo' | null;

let which: StubDialog = null;
const listeners = new Set<() => void>();
const set = (v: StubDialog) => {
  which = v;
  listeners.forEach((l) => l());
};

export const openPasswordReset = () => set('reset');
export const openMyInfo = () => set('myInfo');
export const closeStubDialog = () => set(null);

export const useStubDialog = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => which,
  );
