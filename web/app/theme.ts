// Dark mode (issue 14): the system setting by default, or the member's choice kept in this
// browser. The light PrimeReact theme is in the bundle; the dark one is a stylesheet link whose
// media follows the choice, so the system default needs no script and never flashes. The site's
// own colours follow the same rule through the data-theme attribute and a media query (app.css).
import darkThemeUrl from 'primereact/resources/themes/lara-dark-blue/theme.css?url';
import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const KEY = 'chalkak.theme';
const LINK_ID = 'prime-dark-theme';

function stored(): ThemeChoice {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    // Storage can be blocked (private modes); the system setting still applies.
    return 'system';
  }
}

let current: ThemeChoice = 'system';
const listeners = new Set<() => void>();

function darkLink(media?: string): HTMLLinkElement {
  let link = document.getElementById(LINK_ID) as HTMLLinkElement | null;
  if (!link) {
    link = document.createElement('link');
    link.id = LINK_ID;
    link.rel = 'stylesheet';
    link.href = darkThemeUrl;
    // Its media before it is added: a sheet that does not apply is then fetched at the lowest
    // priority, not beside the page's own scripts and calls on a slow phone.
    if (media) link.media = media;
    document.head.appendChild(link);
  }
  return link;
}

const SYSTEM_DARK = '(prefers-color-scheme: dark)';
let laterMedia: string | null = null;

/**
 * The dark sheet (21 KB) when it does not apply yet: added once the page has loaded, so a light
 * phone's first load does not share its slow link with it; at once if the system turns dark.
 */
function addDarkLinkLater(media: string) {
  const waiting = laterMedia !== null;
  laterMedia = media;
  if (waiting) return;
  const add = () => {
    if (laterMedia === null) return;
    darkLink(laterMedia);
    laterMedia = null;
  };
  if (document.readyState === 'complete') setTimeout(add);
  else window.addEventListener('load', add, { once: true });
  window.matchMedia?.(SYSTEM_DARK).addEventListener?.('change', add, { once: true });
}

function apply(choice: ThemeChoice) {
  current = choice;
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  const media = choice === 'system' ? SYSTEM_DARK : choice === 'dark' ? 'all' : 'not all';
  const appliesNow = choice === 'dark' || (choice === 'system' && window.matchMedia?.(SYSTEM_DARK).matches !== false);
  if (appliesNow || document.getElementById(LINK_ID)) {
    laterMedia = null;
    darkLink(media).media = media;
  } else addDarkLinkLater(media);
  // The browser's bar colour (index.html has one meta per scheme) follows the choice too.
  for (const scheme of ['light', 'dark'] as const) {
    const meta = document.getElementById(`theme-color-${scheme}`);
    meta?.setAttribute('media', choice === 'system' ? `(prefers-color-scheme: ${scheme})` : choice === scheme ? 'all' : 'not all');
  }
}

/** Runs once from the first import of main.tsx, before React renders anything. */
export function bootTheme() {
  apply(stored());
}

/** Keeps the dark theme after the bundle's own styles (development injects them later). */
export function keepDarkThemeLast() {
  const link = document.getElementById(LINK_ID);
  if (link) document.head.appendChild(link);
}

export function setTheme(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Not remembered, but still applied for this visit.
  }
  apply(choice);
  listeners.forEach((fn) => fn());
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function useTheme(): ThemeChoice {
  return useSyncExternalStore(subscribe, () => current);
}
