import { call } from '../../api/call';

/**
 * Before a member signs out, this browser stops taking their pushes: a shared tablet must not
 * show the next person the last member's letters and comments. The browser forgets its
 * subscription and the server drops it (still signed in, so the call is allowed). Never holds the
 * sign-out up for long: a browser without push, or a slow answer, is left after two seconds.
 */
export async function forgetPushOnSignOut(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const forget = async () => {
    const reg = await navigator.serviceWorker.getRegistration('/');
    const sub = await reg?.pushManager?.getSubscription();
    if (!sub) return;
    const endpoint = sub.endpoint;
    await sub.unsubscribe().catch(() => false);
    await call('/api/push/unsubscribe', { data: { endpoint }, silent: true });
  };
  await Promise.race([forget().catch(() => undefined), new Promise((done) => setTimeout(done, 2000))]);
}
