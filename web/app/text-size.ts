// 큰 글씨 (issue 26): a per-device choice that raises the root font size, for members who do not
// know their phone's own text-size setting. Text and controls sized in rem grow with it; the
// browser's own setting still applies underneath (the root size is a percentage of it).
import { useSyncExternalStore } from 'react';
import './text-size.css';

const KEY = 'chalkak.textSize';

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === 'large';
  } catch {
    // Storage can be blocked (private modes); the usual size applies.
    return false;
  }
}

let large = false;
const listeners = new Set<() => void>();

function apply(on: boolean) {
  large = on;
  if (on) document.documentElement.dataset.textSize = 'large';
  else delete document.documentElement.dataset.textSize;
}

/** Runs once from the first import of main.tsx, before React renders anything. */
export function bootTextSize() {
  apply(stored());
}

export function setLargeText(on: boolean) {
  try {
    if (on) localStorage.setItem(KEY, 'large');
    else localStorage.removeItem(KEY);
  } catch {
    // Not remembered, but still applied for this visit.
  }
  apply(on);
  listeners.forEach((fn) => fn());
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function useLargeText(): boolean {
  return useSyncExternalStore(subscribe, () => large);
}
