// Registers the service worker (/sw.js, web/sw/) once the page has loaded, in built apps only
// (the development server has no worker and must not keep an old one's files). A new version
// that waits is offered by the bar (update-prompt.tsx); 새로 고침 lets it take over, then the
// page reloads into it.
import { updateStore } from './update-store';

/** How often an open tab asks whether a new version is out (it also asks when shown again). */
const CHECK_EVERY_MS = 60 * 60_000;

export function startServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => void register().catch(() => undefined);
  // After load: the worker's first install fetches files and must not compete with the page's.
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

async function register() {
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    updateStore.offer(() => {
      // Only the switch the member asked for reloads (a first install takes over silently).
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      wb.messageSkipWaiting();
    });
  });
  await wb.register();
  const check = () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => undefined);
  };
  setInterval(check, CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', check);
}
