// Web push in Chromium: the member taps 이 기기에서 알림 받기 (the permission prompt comes only then),
// the browser subscribes through the site's service worker with the server's key, the server
// sends the test notification to a real local push service that checks its VAPID signature and
// decrypts it, that payload delivered to the worker through the DevTools protocol shows as a
// notification, and its click takes the open tab to the notification's page.
//
// Chromium here cannot reach a real push service (FCM), so pushManager.subscribe cannot finish:
// the page's PushManager hands out a subscription of the local push service instead (the one
// stand-in, for the browser's own registration with FCM); everything of the site around it runs.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushService, type TestSubscription } from '../server/test/push-service.js';
import { baseURL, launch, loginByApi, newPage, PHONE, shot, signUpByApi } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
let service: PushService;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await service?.close();
});

/** The page's PushManager answering with `sub`; it logs each permission request and subscribe. */
const fakePushRegistration = (sub: TestSubscription) => `(() => {
  const sub = ${JSON.stringify(sub)};
  const log = (window.__push = { permission: [], subscribe: [] });
  const key = 'push-e2e-subscribed';
  const ask = Notification.requestPermission.bind(Notification);
  // Was the prompt asked for inside a tap?
  Notification.requestPermission = (...args) => {
    log.permission.push({ active: navigator.userActivation.isActive });
    return ask(...args);
  };
  const b64 = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const made = (serverKey) => ({
    endpoint: sub.endpoint,
    expirationTime: null,
    options: { applicationServerKey: serverKey.buffer, userVisibleOnly: true },
    getKey: () => null,
    toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(key);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function (options) {
    const k = new Uint8Array(options.applicationServerKey);
    log.subscribe.push(b64(k));
    localStorage.setItem(key, b64(k));
    return made(k);
  };
  PushManager.prototype.getSubscription = async function () {
    const k = localStorage.getItem(key);
    return k ? made(bytes(k)) : null;
  };
})()`;

const shown = (page: Page) =>
  page.evaluate<{ title: string; body: string; tag: string; url: string }[]>(`
    navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((list) => list.map((n) => ({
      title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url,
    })))`);

describe('web push', () => {
  let context: BrowserContext;
  let page: Page;

  it('the member turns push on with a tap; a push from the server shows and its click opens its page', async () => {
    const m = await signUpByApi();
    ({ context, page } = await newPage(browser, PHONE, { touch: true }));
    await loginByApi(page, m.userId, m.password);
    const publicKey = ((await (await page.request.post('/api/push/key', { data: {} })).json()) as { publicKey: string }).publicKey;
    service = await startPushService(publicKey);
    const sub = service.subscription();
    await context.addInitScript({ content: fakePushRegistration(sub) });
    await context.grantPermissions(['notifications'], { origin: baseURL() });

    await page.goto('/notify/settings');
    const on = page.getByRole('button', { name: '이 기기에서 알림 받기' });
    await on.waitFor();
    await expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null'), { timeout: 20_000 }).toBe(true);
    // Nothing asked on load.
    expect(await page.evaluate('window.__push')).toEqual({ permission: [], subscribe: [] });
    await page.getByText('알림을 받는 기기가 없습니다.').waitFor();
    expect((await auditTargets(page)).filter((f) => /push|알림|기기/.test(f.what))).toEqual([]);
    expect((await on.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await shot(page, 'push-off-360');

    await on.tap();
    const off = page.getByRole('button', { name: '이 기기 알림 끄기' });
    await off.waitFor();
    // The prompt came from the tap, and the browser subscribed with the server's key.
    expect(await page.evaluate('window.__push')).toEqual({ permission: [{ active: true }], subscribe: [publicKey] });
    const row = page.locator('.push-device-row');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText('이 기기').waitFor();
    expect(await row.locator('.push-device-name').innerText()).toMatch(/ · Chrome/);
    const devices = (await (await page.request.post('/api/push/devices', { data: { endpoint: sub.endpoint } })).json()) as { current: boolean }[];
    expect(devices.map((d) => d.current)).toEqual([true]);
    await shot(page, 'push-on-360');
    await page.locator('.club-toast .p-toast-message').first().waitFor({ state: 'detached', timeout: 10_000 });
    const scan = await new AxeBuilder({ page }).include('.push-settings').analyze();
    expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'label-content-name-mismatch').map((v) => v.id)).toEqual([]);
    expect(scan.incomplete.filter((v) => v.id === 'label-content-name-mismatch').map((v) => v.id)).toEqual([]);

    // The server's test notification, through the local push service (VAPID checked, decrypted).
    await page.getByRole('button', { name: '시험 알림 보내기' }).tap();
    const [received] = await service.waitFor(1, 10_000);
    expect(JSON.parse(received!.body)).toEqual({ title: '알림 시험', body: '이 기기에서 알림을 받을 수 있습니다.', url: '/', tag: 'push-test' });

    // That payload, delivered to the site's worker as a push service would, shows as a notification.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${baseURL()}/`)).toBeTruthy();
    const { registrationId } = registrations.find((r) => r.scopeURL === `${baseURL()}/`)!;
    const deliver = (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL(), registrationId, data });
    await deliver(received!.body);
    await expect.poll(async () => (await shown(page)).find((n) => n.tag === 'push-test')).toEqual({ title: '알림 시험', body: '이 기기에서 알림을 받을 수 있습니다.', tag: 'push-test', url: '/' });

    // A letter's push; its click (dispatched in the worker: no protocol clicks a notification)
    // takes the open tab to the letter's page.
    await deliver(JSON.stringify({ title: '새 쪽지', body: '사진가님이 쪽지를 보냈습니다.', url: '/board/free/c0/list', tag: 'letter' }));
    await expect.poll(async () => (await shown(page)).find((n) => n.tag === 'letter')?.url).toBe('/board/free/c0/list');
    const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'))!;
    expect(worker).toBeTruthy();
    await Promise.all([
      page.waitForURL(`${baseURL()}/board/free/c0/list`),
      worker.evaluate(`self.registration.getNotifications({ tag: 'letter' }).then(([n]) => {
        self.dispatchEvent(new NotificationEvent('notificationclick', { notification: n }));
      })`),
    ]);
    await expect.poll(async () => (await shown(page)).find((n) => n.tag === 'letter')).toBeUndefined();
    await cdp.detach();

    // Off again: the browser forgets it and so does the server.
    await page.goto('/notify/settings');
    await off.tap();
    await on.waitFor();
    await page.getByText('알림을 받는 기기가 없습니다.').waitFor();
    expect(await (await page.request.post('/api/push/devices', { data: {} })).json()).toEqual([]);

    // On again, then signing out: a shared browser must not show the next person this member's
    // pushes, so it forgets the subscription and the server drops it.
    await on.tap();
    await off.waitFor();
    expect(await (await page.request.post('/api/push/devices', { data: {} })).json()).toHaveLength(1);
    await page.locator('.site-header').getByRole('button', { name: '로그아웃' }).tap();
    await page.locator('.site-header').getByRole('button', { name: '로그인', exact: true }).waitFor();
    expect(await page.evaluate(`localStorage.getItem('push-e2e-subscribed')`)).toBeNull();
    await loginByApi(page, m.userId, m.password);
    expect(await (await page.request.post('/api/push/devices', { data: {} })).json()).toEqual([]);
    await context.close();
  });

  it('a browser that refuses notifications gets the Korean steps to allow them', async () => {
    const m = await signUpByApi();
    ({ context, page } = await newPage(browser, PHONE, { touch: true }));
    await loginByApi(page, m.userId, m.password);
    await page.goto('/notify/settings');
    // Headless Chromium answers the prompt with a refusal, as a member pressing 차단 would.
    await page.getByRole('button', { name: '이 기기에서 알림 받기' }).tap();
    await page.getByText('브라우저가 이 사이트의 알림을 막고 있습니다.').waitFor();
    await page.getByText('허용으로 바꾼 뒤 이 화면을 새로 고쳐 주세요.').waitFor();
    expect(await page.getByRole('button', { name: '이 기기에서 알림 받기' }).count()).toBe(0);
    await shot(page, 'push-denied-360');
    await context.close();
  });
});
