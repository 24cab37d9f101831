// The installable app in Chromium: the service worker installs and controls the page, keeps the
// shell and static files but no call's answer, shows the Korean offline page when the network is
// cut (다시 시도 brings the page back), offers a new version with "새 버전이 있습니다" and reloads
// into it, and shows a push delivered through the DevTools protocol as a notification.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, newPage, PHONE, shot } from './browser.js';
import { auditTargets } from './target-audit.js';

const SW_FILE = resolve(import.meta.dirname, '../dist/web/sw.js');

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  ({ context, page } = await newPage(browser, PHONE, { touch: true }));
});
afterAll(async () => {
  await browser?.close();
});

// Polled from here: waitForFunction evaluates its text in the page, which the CSP forbids.
const controlled = () => expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null'), { timeout: 20_000 }).toBe(true);

/** Every address in every cache of the site, as "cache url". */
const cachedUrls = () =>
  page.evaluate<string[]>(`(async () => {
    const out = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) out.push(name + ' ' + new URL(req.url).pathname);
    }
    return out;
  })()`);

describe('installable app', () => {
  it('links its manifest and installs a worker that controls the page', async () => {
    await page.goto('/');
    await controlled();
    const scope = await page.evaluate<string>('navigator.serviceWorker.ready.then((r) => r.scope)');
    expect(scope).toBe(`${baseURL()}/`);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/icons/apple-touch-icon.png');
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ lang: 'ko', start_url: '/', scope: '/', display: 'standalone' });
  });

  it('keeps the shell and static files, never an API answer', async () => {
    // A few pages and calls through the worker, a GET call among them.
    await page.goto('/');
    await page.locator('.site-logo').waitFor();
    await page.evaluate(`fetch('/api/health').then((r) => r.text())`);
    await page.goto('/board/free/c0/list');
    await page.waitForLoadState('networkidle');
    // The page's own chunk went to the cache of hashed files as it passed.
    await expect.poll(async () => (await cachedUrls()).some((u) => u.startsWith('chalkak-assets-v1 /assets/board-list-page-')), { timeout: 10_000 }).toBe(true);
    const urls = await cachedUrls();
    expect(urls.some((u) => u.endsWith('/offline.html'))).toBe(true);
    expect(urls.some((u) => / \/assets\/index-[\w-]+\.js$/.test(u))).toBe(true);
    expect(urls.filter((u) => u.includes('/api/'))).toEqual([]);
    // Only this site's caches: the precache and the hashed files.
    expect(new Set(urls.map((u) => u.split(' ')[0]!.replace(/-http.*$/, '')))).toEqual(new Set(['chalkak-precache-v2', 'chalkak-assets-v1']));
  });

  it('shows the Korean offline page without a network; 다시 시도 brings the page once back', async () => {
    await context.setOffline(true);
    try {
      await page.goto('/board/free/c0/list');
      await page.getByRole('heading', { name: '인터넷에 연결되어 있지 않습니다' }).waitFor();
      expect(await page.title()).toBe('인터넷에 연결되어 있지 않습니다');
      await shot(page, 'pwa-offline-360');
      // Still offline: trying again shows the same page.
      await page.getByRole('button', { name: '다시 시도' }).click();
      await page.getByRole('button', { name: '다시 시도' }).waitFor();
    } finally {
      await context.setOffline(false);
    }
    await page.getByRole('button', { name: '다시 시도' }).click();
    await page.locator('.site-logo').waitFor();
    expect(page.url()).toBe(`${baseURL()}/board/free/c0/list`);
  });

  it('offers a new version with 새로 고침, reachable by keyboard, and reloads into it', async () => {
    const built = readFileSync(SW_FILE, 'utf8');
    // The next version: the same worker, answering which version it is.
    writeFileSync(SW_FILE, `${built}\nself.addEventListener('message', (e) => { if (e.data === 'version?') e.source.postMessage('next'); });\n`);
    try {
      await page.goto('/');
      await page.locator('.site-logo').waitFor();
      await page.evaluate('navigator.serviceWorker.ready.then((r) => r.update())');
      const bar = page.getByRole('region', { name: '새 버전 알림' });
      await bar.getByText('새 버전이 있습니다').waitFor({ timeout: 20_000 });
      const reload = bar.getByRole('button', { name: '새로 고침' });
      // A thumb can hit it at 360 px.
      await shot(page, 'pwa-update-360');
      const findings = (await auditTargets(page)).filter((f) => /update-bar|새로 고침|나중에/.test(f.what));
      expect(findings).toEqual([]);
      const box = (await reload.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);

      // Reached with Tab like any control, pressed with Enter.
      let reached = false;
      for (let i = 0; i < 200 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = (await page.evaluate<string | null>('document.activeElement && document.activeElement.textContent')) === '새로 고침';
      }
      expect(reached).toBe(true);
      await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
      await controlled();
      const version = await page.evaluate<string>(`new Promise((ok) => {
        navigator.serviceWorker.addEventListener('message', (e) => ok(e.data), { once: true });
        navigator.serviceWorker.controller.postMessage('version?');
      })`);
      expect(version).toBe('next');
      await page.locator('.site-logo').waitFor();
      expect(await bar.count()).toBe(0);
    } finally {
      writeFileSync(SW_FILE, built);
    }
  });

  it('shows a push as a notification; a payload that is not a message as a plain Korean one', async () => {
    await context.grantPermissions(['notifications'], { origin: baseURL() });
    await page.goto('/');
    await controlled();
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${baseURL()}/`), { timeout: 10_000 }).toBeTruthy();
    const { registrationId } = registrations.find((r) => r.scopeURL === `${baseURL()}/`)!;
    const push = (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL(), registrationId, data });
    const shown = () =>
      page.evaluate<{ title: string; body: string; tag: string; icon: string; badge: string; lang: string; url: string }[]>(`
        navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((list) => list.map((n) => ({
          title: n.title, body: n.body, tag: n.tag, icon: n.icon, badge: n.badge, lang: n.lang, url: n.data && n.data.url,
        })))`);

    await push(JSON.stringify({ title: '새 쪽지', body: '사진가님이 쪽지를 보냈습니다.', url: '/letter/inbox', tag: 'letter' }));
    await expect.poll(async () => (await shown()).find((n) => n.tag === 'letter'), { timeout: 10_000 }).toEqual({
      title: '새 쪽지',
      body: '사진가님이 쪽지를 보냈습니다.',
      tag: 'letter',
      icon: `${baseURL()}/icons/icon-192.png`,
      badge: `${baseURL()}/icons/badge-96.png`,
      lang: 'ko',
      url: '/letter/inbox',
    });

    await push('not json');
    await expect.poll(async () => (await shown()).find((n) => n.tag === 'chalkak')?.title, { timeout: 10_000 }).toBe('새 알림');
    await cdp.detach();
  });

  // No protocol taps a notification or moves a subscription: both events are dispatched in the
  // worker, as the browser would.
  const worker = () => context.serviceWorkers().find((w) => w.url() === `${baseURL()}/sw.js`)!;

  it('a tap focuses the open tab on the notification\'s page, and never leads off the site', async () => {
    const tap = (url: string) =>
      worker().evaluate(`self.registration.showNotification('시험', { tag: 'tap', data: { url: ${JSON.stringify(url)} } })
        .then(() => self.registration.getNotifications({ tag: 'tap' }))
        .then(([n]) => { self.dispatchEvent(new NotificationEvent('notificationclick', { notification: n })); })`);
    await page.goto('/');
    await Promise.all([page.waitForURL(`${baseURL()}/board/free/c0/list`), tap('/board/free/c0/list')]);
    await Promise.all([page.waitForURL(`${baseURL()}/`), tap('https://evil.example/steal')]);
    expect(context.pages()).toHaveLength(1);
  });

  it('subscribes again when the push service replaces the subscription, and tells the server', async () => {
    const sent: { path: string; body: unknown }[] = [];
    await context.route('**/api/push/*', async (route) => {
      sent.push({ path: new URL(route.request().url()).pathname, body: route.request().postDataJSON() });
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true}' });
    });
    try {
      const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
      await worker().evaluate(`(() => {
        const e = new ExtendableEvent('pushsubscriptionchange');
        const keys = ${JSON.stringify(keys)};
        Object.defineProperty(e, 'oldSubscription', { value: { endpoint: 'https://push.example/old', options: {} } });
        Object.defineProperty(e, 'newSubscription', {
          value: { endpoint: 'https://push.example/new', toJSON: () => ({ endpoint: 'https://push.example/new', expirationTime: null, keys }) },
        });
        self.dispatchEvent(e);
      })()`);
      await expect.poll(() => sent.map((s) => s.path), { timeout: 10_000 }).toEqual(['/api/push/subscribe', '/api/push/unsubscribe']);
      expect(sent[0]!.body).toEqual({ endpoint: 'https://push.example/new', keys });
      expect(sent[1]!.body).toEqual({ endpoint: 'https://push.example/old' });
    } finally {
      await context.unroute('**/api/push/*');
    }
  });
});
