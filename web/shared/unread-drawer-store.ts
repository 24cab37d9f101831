// Which unread drawer is open (신규 쪽지 or 신규 알람, both on the right: docs/product/letters.md#unread-drawers).
import { useSyncExternalStore } from 'react';

export type UnreadDrawer = 'letters' | 'alarms' | null;

let open: UnreadDrawer = null;
const listeners = new Set<() => void>();
const set = (next: UnreadDrawer) => {
  open = next;
  listeners.forEach((l) => l());
};

export const unreadDrawer = {
  get: () => open,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  open: (which: Exclude<UnreadDrawer, null>) => set(which),
  close: () => set(null),
};

export const useUnreadDrawer = () => useSyncExternalStore(unreadDrawer.subscribe, unreadDrawer.get);
