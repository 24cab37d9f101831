// Which account dialog is open: password reset (visitors) or my info (members). The shell mounts
// each dialog's lazy chunk the first time it is asked for.
import { useSyncExternalStore } from 'react';

export type AccountDialog = 'reset' | 'myInfo' | null;

let which: AccountDialog = null;
const listeners = new Set<() => void>();
const set = (v: AccountDialog) => {
  which = v;
  listeners.forEach((l) => l());
};

export const openPasswordReset = () => set('reset');
export const openMyInfo = () => set('myInfo');
export const closeAccountDialog = () => set(null);

export const useAccountDialog = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => which,
  );
