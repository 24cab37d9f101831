// A letter compose dialog opened from anywhere (판매자에게 쪽지 on a market item): the shell
// shows the letters feature's dialog with the receiver (and subject) filled in.
import { useSyncExternalStore } from 'react';

export interface ComposeLetterInit {
  receiver?: string;
  subject?: string;
}

let open: ComposeLetterInit | null = null;
const listeners = new Set<() => void>();
const set = (next: ComposeLetterInit | null) => {
  open = next;
  listeners.forEach((l) => l());
};

export const composeLetter = {
  get: () => open,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  open: (init: ComposeLetterInit) => set(init),
  close: () => set(null),
};

export const useComposeLetter = () => useSyncExternalStore(composeLetter.subscribe, composeLetter.get);
