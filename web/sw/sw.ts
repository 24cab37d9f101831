// The service worker (/sw.js, scope /), bundled by the build with the list of files to keep
// (scripts/service-worker.ts, decision 36). It keeps the app shell and the hashed static files for
// fast starts, asks the network first for every page and shows the offline page without one, and
// never stores a call's answer (/api/*) or anything else that carries a member's data. It also
// shows the pushes the server sends (common/api/notify.ts PushMessage) and opens them on a tap.
import { cacheNames, clientsClaim, setCacheNameDetails } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { genericMessage, readPushMessage, sameOriginUrl } from './push-message';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The page shown for a navigation while the network is gone (web/public/offline.html). */
const OFFLINE_PAGE = '/offline.html';
/** Hashed files met at run time (a page's chunk): the name changes with the content. */
const ASSETS_CACHE = 'chalkak-assets-v1';
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

setCacheNameDetails({ prefix: 'chalkak' });

// The entry's scripts and styles, the offline page and its script, the site's marks.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      // Files of older versions go in time; a full disk empties the cache rather than failing.
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Pages: always the network (they carry the member's view); the offline page when it fails.
const pages = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
      }
    },
    // Downloads and the API's own pages are left to the browser.
    { denylist: [/^\/api\//, /^\/feed\//] },
  ),
);

self.addEventListener('install', () => {
  // A first install has nobody to wait for; an update waits for the member's 새로 고침.
  if (!self.registration.active) void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // No navigation preload: for a page the worker leaves to the browser (the API's return
      // addresses of sign-in and identity checks) the browser would send the request a second
      // time, and a one-use return address then fails as already used.
      await self.registration.navigationPreload?.disable();
      const keep = new Set([cacheNames.precache, ASSETS_CACHE]);
      for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name);
    })(),
  );
});
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const message = readPushMessage(event.data?.text()) ?? genericMessage;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: ICON,
      badge: BADGE,
      lang: 'ko',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginUrl((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
  event.waitUntil(openPage(url));
});

/** Brings a tab of the site forward on the page, or opens one. */
async function openPage(url: string) {
  const tabs = (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((c) => sameOrigin(new URL(c.url)));
  const tab = tabs.find((c) => c.url === url) ?? tabs.find((c) => c.focused) ?? tabs[0];
  if (tab) {
    const focused = await tab.focus().catch(() => tab);
    if (focused.url === url) return;
    // navigate() works on tabs this worker controls; another tab gets a new window instead.
    const moved = await focused.navigate(url).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(url);
}

/**
 * The push service moved the subscription (expiry, key change): subscribe again with the same
 * key and tell the server, so pushes keep reaching this browser.
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as PushSubscriptionChangeEvent;
  change.waitUntil(
    (async () => {
      const old = change.oldSubscription;
      const fresh =
        change.newSubscription ??
        (await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: old?.options.applicationServerKey ?? (await serverKey()),
        }));
      const { endpoint, keys } = fresh.toJSON();
      await call('/api/push/subscribe', { endpoint, keys: { p256dh: keys?.p256dh, auth: keys?.auth } });
      if (old && old.endpoint !== fresh.endpoint) await call('/api/push/unsubscribe', { endpoint: old.endpoint }).catch(() => undefined);
    })(),
  );
});

async function serverKey(): Promise<string> {
  const { publicKey } = (await (await call('/api/push/key', {})).json()) as { publicKey: string };
  return publicKey;
}

/** A call with the member's cookie (same origin); fails on an error answer. */
async function call(path: string, body: unknown): Promise<Response> {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res;
}
