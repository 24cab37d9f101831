// The tab's live stream as pages see it (decision 35): whether it is connected (the polls stop
// while it is) and which auction the open page watches. The stream itself is app/live.ts.
import { useEffect, useSyncExternalStore } from 'react';

let connected = false;
const connectedListeners = new Set<() => void>();
export function setLiveConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  // Seen on the page (browser tests, a look in the developer tools): <html data-live="connected">.
  if (value) document.documentElement.dataset.live = 'connected';
  else delete document.documentElement.dataset.live;
  connectedListeners.forEach((l) => l());
}
const subscribeConnected = (l: () => void) => {
  connectedListeners.add(l);
  return () => void connectedListeners.delete(l);
};

/** Whether the stream is open and has answered: the polls stop while it is. */
export const useLiveConnected = () => useSyncExternalStore(subscribeConnected, () => connected);

/** The auction the open page watches (one page per tab). */
let watched: number | null = null;
const watchedListeners = new Set<() => void>();
const subscribeWatched = (l: () => void) => {
  watchedListeners.add(l);
  return () => void watchedListeners.delete(l);
};

/** An auction page: its item's events come over the stream while `active` (not ended). */
export function useLiveAuction(key: number, active: boolean) {
  useEffect(() => {
    if (!active) return;
    watched = key;
    watchedListeners.forEach((l) => l());
    return () => {
      if (watched !== key) return;
      watched = null;
      watchedListeners.forEach((l) => l());
    };
  }, [key, active]);
}

/** The auction watched by the open page, or null (app/live.ts keeps the stream to it). */
export const useWatchedAuction = () => useSyncExternalStore(subscribeWatched, () => watched);
