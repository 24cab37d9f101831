// Loading overlay (docs/product/site.md#messages-confirmations-and-loading): one at a time, a beat spinner over a transparent overlay,
// shown while a /save call runs.
import { useSyncExternalStore } from 'react';
import { ko } from '../i18n/ko';

let count = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Turns the overlay on; returns the function that turns this request's share off again. */
export function showLoading(): () => void {
  count += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    count = Math.max(0, count - 1);
    emit();
  };
}

export const isLoading = () => count > 0;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function LoadingOverlay() {
  const loading = useSyncExternalStore(subscribe, isLoading);
  if (!loading) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="beat-spinner" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span className="visually-hidden">{ko.common.loading}</span>
    </div>
  );
}
