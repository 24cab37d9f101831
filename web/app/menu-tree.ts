// SPEC §3: the first menu entry is always a group; every other entry nests under the most
// recent group heading.
import type { MenuEntry } from '../../common/api/menu';

export interface MenuGroup {
  entry: MenuEntry;
  items: MenuEntry[];
}

export function groupMenu(entries: readonly MenuEntry[]): MenuGroup[] {
  const groups: MenuGroup[] = [];
  entries.forEach((entry, i) => {
    const last = groups.at(-1);
    if (i === 0 || entry.groupYn === 'Y' || !last) groups.push({ entry, items: [] });
    else last.items.push(entry);
  });
  return groups;
}

/** A menu URL leaves the site when it is absolute or asks for another window. */
export function isExternal(entry: Pick<MenuEntry, 'url' | 'taget'>): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(entry.url) || entry.url.startsWith('//') || (entry.taget !== '' && entry.taget !== '_self');
}
