// Which account dialog is open: password reset (visitors) or my info (members). The shell mounts
// each dialog's lazy chunk the first time it is asked for.
import { useSyncExternalStore } from 'react';

export type AccountDialog = 'reset' | 'myInfo' | null;

let which: AccountDialog = null;
/** My-info was opened on the way back from a re-check through Kakao or Naver (the session is marked). */
let rechecked = false;
const listeners = new Set<() => void>();
const set = (v: AccountDialog) => {
  which = v;
  listeners.forEach((l) => l());
};

export const openPasswordReset = () => set('reset');
export const openMyInfo = () => {
  rechecked = false;
  set('myInfo');
};
/** Opens my-info after a re-check that already marked the session: it asks for nothing again. */
export const openMyInfoRechecked = () => {
  rechecked = true;
  set('myInfo');
};
export const isRechecked = () => rechecked;
export const closeAccountDialog = () => {
  rechecked = false;
  set(null);
};

export const useAccountDialog = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => which,
  );
