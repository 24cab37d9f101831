// One lazy chunk per page. When a chunk fails to load (usually a new deployment replaced it),
// a cancelable 'preload-error' event goes out first; if nobody handles it the error is rethrown
// (docs/product/site.md#navigation-and-keyboard).
import { lazy, type ComponentType } from 'react';

export const PRELOAD_ERROR = 'preload-error';

export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      const event = new CustomEvent(PRELOAD_ERROR, { cancelable: true, detail: error });
      window.dispatchEvent(event);
      if (!event.defaultPrevented) throw error;
      // Handled (the page is reloading): stay on the loading state.
      return new Promise<{ default: ComponentType }>(() => undefined);
    }),
  );
}

const RELOADED_AT = 'chalkak.preload-reload';

/** Reloads the page once when a chunk is missing; a second failure within a minute is shown. */
export function installPreloadRecovery() {
  const handle = (event: Event) => {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < 60_000) return; // already tried: let the error surface
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  };
  window.addEventListener(PRELOAD_ERROR, handle);
  window.addEventListener('vite:preloadError', handle);
}
