// Live updates (decision 35, docs/architecture.md#live-updates): one EventSource per tab on
// GET /api/live while the member is logged in or an auction page is open. Its events put the
// header's counts and an open auction's state into TanStack Query's cache at once and refresh the
// drawers. While it is connected the one-minute unread poll and the auction page's poll stop
// (useLiveConnected); when it fails, ends or never gets through (a proxy that buffers), the
// polls run again and it reconnects with a growing wait.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveAuction, LiveUnread } from '../../common/api/live';
import { alarmKeys, letterKeys } from '../features/letters/api/keys';
import { marketBidsRoot } from '../features/market/api/keys';
import { setLiveConnected, useWatchedAuction } from '../shared/live-store';
import { useSessionUser } from '../shared/session-store';

/** First wait before reconnecting; doubled after each failure up to MAX_WAIT_MS. */
const FIRST_WAIT_MS = 1_000;
const MAX_WAIT_MS = 60_000;

// ------------------------------------------------------------------ the stream

function applyUnread(client: QueryClient, d: LiveUnread) {
  client.setQueryData(letterKeys.arrival, d.letters);
  client.setQueryData(alarmKeys.count, d.alarms);
  // The drawers and the inbox are read again when shown (at once when open).
  if (d.changed.includes('letters')) {
    void client.invalidateQueries({ queryKey: letterKeys.unread });
    void client.invalidateQueries({ queryKey: letterKeys.list('receive') });
  }
  if (d.changed.includes('alarms')) void client.invalidateQueries({ queryKey: alarmKeys.list });
}

type Cached = { items: unknown[]; auction: LiveAuction['auction'] } | undefined;

function applyAuction(client: QueryClient, d: LiveAuction) {
  const key = [...marketBidsRoot, d.key];
  const old = client.getQueryData<Cached>(key)?.auction;
  // The new state at once (price, bids, leader, end: the countdown follows an extension)...
  client.setQueryData(key, (cached: Cached) => (cached ? { ...cached, auction: d.auction } : cached));
  // ...and the bid history when it changed (not for the stream's first event on an unchanged page).
  const a = d.auction;
  const changed = old ? old.bidCount !== a.bidCount || old.endsAt !== a.endsAt || old.ended !== a.ended || old.status !== a.status : client.getQueryState(key)?.fetchStatus !== 'fetching';
  if (changed) {
    void client.invalidateQueries({ queryKey: key });
  }
}

function parse<T>(e: Event): T | null {
  try {
    return JSON.parse((e as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

/** Keeps the tab's stream open while there is something to hear (mounted once, in the shell). */
export function useLiveUpdates() {
  const client = useQueryClient();
  const { logined, userId } = useSessionUser();
  const auction = useWatchedAuction();

  useEffect(() => {
    if (typeof EventSource === 'undefined' || (!logined && auction === null)) return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = FIRST_WAIT_MS;
    let stopped = false;

    const open = () => {
      const es = new EventSource(auction === null ? '/api/live' : `/api/live?auction=${auction}`);
      source = es;
      // Connected once the first event arrives, not at the head: a buffering proxy lets the head
      // through and holds the events, and then the polls must go on.
      es.addEventListener('hello', () => {
        wait = FIRST_WAIT_MS;
        setLiveConnected(true);
      });
      es.addEventListener('unread', (e) => {
        const d = parse<LiveUnread>(e);
        if (d) applyUnread(client, d);
      });
      es.addEventListener('auction', (e) => {
        const d = parse<LiveAuction>(e);
        if (d) applyAuction(client, d);
      });
      // Refused (401, 429, 503), cut or ended: poll meanwhile and try again later. The browser's
      // own reconnect is not used, so every failure waits longer.
      es.onerror = () => {
        es.close();
        source = null;
        setLiveConnected(false);
        if (stopped) return;
        timer = setTimeout(open, wait + Math.random() * wait * 0.25);
        wait = Math.min(wait * 2, MAX_WAIT_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      setLiveConnected(false);
    };
  }, [client, logined, userId, auction]);
}
