// The top menu's keyboard rules (WAI-ARIA menubar pattern), kept apart from React so they can be
// tested on their own: moving between items with wrap-around, and the type-ahead buffer that
// forgets what was typed MENU_TYPEAHEAD_RESET_MS after the last key (docs/product/site.md#top-menu).
import { MENU_TYPEAHEAD_RESET_MS } from '../../common/constants';

/** The index `step` places from `current` among `count` items, wrapping at both ends. */
export function wrapIndex(current: number, count: number, step: number): number {
  if (count <= 0) return -1;
  return (((current + step) % count) + count) % count;
}

export interface TypeAhead {
  text: string;
  at: number;
}

export const EMPTY_TYPEAHEAD: TypeAhead = { text: '', at: 0 };

/** Adds a typed character; a pause longer than the reset time starts a new word. */
export function typeAheadAdd(prev: TypeAhead, key: string, now: number): TypeAhead {
  const fresh = now - prev.at > MENU_TYPEAHEAD_RESET_MS;
  return { text: (fresh ? '' : prev.text) + key.toLocaleLowerCase(), at: now };
}

/** A printable single character without Ctrl, Alt or Meta: a type-ahead key. */
export function isTypeAheadKey(e: { key: string; ctrlKey: boolean; altKey: boolean; metaKey: boolean }): boolean {
  return e.key.length === 1 && e.key !== ' ' && !e.ctrlKey && !e.altKey && !e.metaKey;
}

export interface TypeAheadItem {
  label: string;
  shortKey?: string;
}

/**
 * The item the typed text points at, searching from the one after `from` and wrapping: the first
 * whose label starts with the text; for a single character, else the first whose shortcut-key
 * badge shows it (labels are Korean, so a Latin letter finds the item wearing that badge).
 * A repeated single character cycles through the matches. -1 when nothing matches.
 */
export function typeAheadMatch(items: readonly TypeAheadItem[], text: string, from: number): number {
  if (text === '' || items.length === 0) return -1;
  const same = [...text].every((c) => c === text[0]);
  // "ff" cycles among the items starting with f, as "f" pressed twice.
  const query = same ? text[0]! : text;
  const start = same || from < 0 ? from + 1 : from;
  const order = items.map((_, i) => (start + i) % items.length);
  const byLabel = order.find((i) => items[i]!.label.toLocaleLowerCase().startsWith(query));
  if (byLabel !== undefined) return byLabel;
  if ([...query].length !== 1) return -1;
  const byKey = order.find((i) => (items[i]!.shortKey ?? '').trim().toLocaleLowerCase() === query);
  return byKey ?? -1;
}
