// The session store (docs/product/members.md#visitors-and-members): the signed-in member and the reload.menu flag.
import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../../common/api/session';

/** Logged out: logined false, other fields cleared, levelKey null (same as common LOGGED_OUT,
 * repeated here so the first page load does not pull in the zod schemas). */
export const LOGGED_OUT: SessionUser = Object.freeze({
  logined: false,
  userId: '',
  nickName: '',
  levelKey: null,
  admin: false,
  real: false,
});

export interface SessionState {
  user: SessionUser;
  reload: { menu: boolean };
  /**
   * The session's answer has come (or failed): until then who is signed in, and whom they
   * ignore, is unknown, and photo grids draw no picture that might have to fold (decision 46).
   */
  known: boolean;
}

let state: SessionState = { user: LOGGED_OUT, reload: { menu: false }, known: false };
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  listeners.forEach((l) => l());
}

export const sessionStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Login sets every field from the session data. */
  setUser(user: SessionUser) {
    set({ ...state, user: { ...user, logined: user.logined && user.userId !== '' }, known: true });
  },
  /** Logout clears every field. */
  clear() {
    set({ ...state, user: LOGGED_OUT, known: true });
  },
  /** The first session answer said "not signed in" (or never came): the visitor is known. */
  markKnown() {
    if (!state.known) set({ ...state, known: true });
  },
  /** Asks the top menu to load itself again. */
  toggleMenuReload() {
    set({ ...state, reload: { menu: !state.reload.menu } });
  },
};

export const useSession = () => useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
export const useSessionUser = () => useSession().user;
/** Whether the session's first answer has come (SessionState.known). */
export const useSessionKnown = () => useSession().known;
