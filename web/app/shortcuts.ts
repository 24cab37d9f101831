// Keyboard shortcuts (docs/product/site.md#navigation-and-keyboard): H goes home and each menu item's shortKey goes to its URL,
// except on write/edit pages, while typing, or with a modifier key held.
import type { MenuEntry } from '../../common/api/menu';

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  /** The event target is an input, textarea, select or contenteditable element. */
  typing: boolean;
  pathname: string;
}

export const HOME_KEY = 'h';

export function isEditingPath(pathname: string): boolean {
  return pathname.includes('/write') || pathname.includes('/edit');
}

/** The URL the key asks for, or null when the key is not a shortcut here. */
export function shortcutTarget(input: KeyInput, entries: readonly MenuEntry[]): string | null {
  if (input.ctrlKey || input.altKey || input.metaKey || input.typing) return null;
  if (isEditingPath(input.pathname)) return null;
  if (input.key.length !== 1) return null;
  const key = input.key.toLowerCase();
  if (key === HOME_KEY) return '/';
  const hit = entries.find((e) => e.groupYn !== 'Y' && e.url !== '' && e.shortKey.trim().toLowerCase() === key);
  return hit ? hit.url : null;
}

/** Whether the element takes typed text, so letters typed there are not shortcuts. */
export function isTypingTarget(el: { tagName?: string; isContentEditable?: boolean; type?: string } | null): boolean {
  if (!el) return false;
  if (el.isContentEditable) return true;
  const tag = (el.tagName ?? '').toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (el.type ?? 'text').toLowerCase();
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'range', 'color', 'file'].includes(type);
}
