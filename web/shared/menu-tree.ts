// docs/product/site.md#top-menu: the first menu entry is always a group; every other entry nests under the most
// recent group heading.
import type { MenuEntry } from '../../common/api/menu';
import { linkKind } from '../../common/content/urls';

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

/** A menu URL is routed in the app only when it is a path of this site (linkKind) opened in this window. */
export function isExternal(entry: Pick<MenuEntry, 'url' | 'taget'>): boolean {
  return linkKind(entry.url) !== 'path' || (entry.taget !== '' && entry.taget !== '_self');
}
