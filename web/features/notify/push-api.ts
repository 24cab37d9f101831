// This browser's push subscription (Push API) and the member's devices (/api/push/*, docs/api.md#push).
// The permission prompt is asked for only from a tap (turnOn), never on load.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice, PushKey, PushTestResult } from '../../../common/api/push';
import { ApiError, callAwait } from '../../api/call';

export const pushDevicesKey = ['push', 'devices'] as const;

/** What this browser can do: no Push API at all, a phone that needs the app installed first, or yes. */
export type PushSupport = 'unsupported' | 'install-first' | 'supported';

export function pushSupport(): PushSupport {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const api = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (api) return 'supported';
  // Safari on iPhone and iPad offers push only to a site added to the home screen.
  return ios && !window.matchMedia('(display-mode: standalone)').matches ? 'install-first' : 'unsupported';
}

/** The site's service worker registration, or null when none comes in time (not installed yet). */
async function registration(waitMs = 10_000): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** This browser's current push subscription, if any. */
export async function browserSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}

const keyBytes = (base64url: string) => {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((v, i) => v === b[i]);

export class PushSetupError extends Error {}

/**
 * Turns push on for this browser. Call it straight from the tap: the permission prompt must come
 * from the member's gesture, so it is asked for before anything else is awaited.
 */
export async function turnOn(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const reg = await registration();
  if (!reg) throw new PushSetupError('noWorker');
  const { publicKey } = await callAwait<PushKey>('/api/push/key', { silent: true });
  const key = keyBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  // Made with another key (the site's keys were replaced): the push service would refuse ours.
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = sub.toJSON();
  await callAwait('/api/push/subscribe', { data: { endpoint, keys: { p256dh: keys?.p256dh, auth: keys?.auth } } });
  return permission;
}

/** Turns push off for this browser: the browser forgets the subscription and so does the server. */
export async function turnOff(): Promise<void> {
  const sub = await browserSubscription();
  if (!sub) return;
  const endpoint = sub.endpoint;
  await sub.unsubscribe().catch(() => false);
  await forget(endpoint);
}

/** Tells the server; a subscription it no longer has is what was asked for. */
async function forget(endpoint: string) {
  try {
    await callAwait('/api/push/unsubscribe', { data: { endpoint }, silent: true });
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 404)) throw e;
  }
}

/** The member's devices; `current` marks this browser's row. */
export function usePushDevices(enabled: boolean, endpoint: string | undefined) {
  return useQuery({
    queryKey: [...pushDevicesKey, endpoint ?? ''],
    queryFn: () => callAwait<PushDevice[]>('/api/push/devices', { data: endpoint ? { endpoint } : {}, silent: true }),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (device: PushDevice) => {
      await callAwait('/api/push/devices/remove', { data: { id: device.id } });
      // Removing this browser's row turns it off here too.
      if (device.current) await (await browserSubscription())?.unsubscribe().catch(() => false);
    },
    onSettled: () => client.invalidateQueries({ queryKey: pushDevicesKey }),
  });
}

export function useTestPush() {
  return useMutation({ mutationFn: () => callAwait<PushTestResult>('/api/push/test') });
}
