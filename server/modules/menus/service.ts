import { asc, eq } from 'drizzle-orm';
import type { MenuEntry } from '../../../common/api/menu.js';
import { isSiteOrWebLink } from '../../../common/content/urls.js';
import type { Tx } from '../../db/client.js';
import { boards, menus, programs } from '../../db/schema/index.js';

/** The top menu in display order: group headings followed by their items (docs/product/site.md#top-menu). */
export async function topMenu(db: Tx): Promise<MenuEntry[]> {
  const rows = await db
    .select({
      groupYn: menus.groupYn,
      programId: menus.programId,
      label: menus.label,
      programName: programs.name,
      url: programs.url,
      target: menus.target,
      shortKey: menus.shortKey,
      icon: menus.icon,
      visible: menus.visible,
    })
    .from(menus)
    .leftJoin(programs, eq(programs.id, menus.programId))
    .orderBy(asc(menus.sort), asc(menus.id));
  // Entries that open a hidden board are left out (the board admin's 숨기기).
  const hiddenBoards = await db.select({ id: boards.id }).from(boards).where(eq(boards.hidden, true));
  const opensHidden = (url: string | null) => url !== null && hiddenBoards.some((b) => url === `/board/${b.id}` || url.startsWith(`/board/${b.id}/`));
  // A hidden group hides its items too (they would otherwise fall under the group before it).
  // An address saved before programs were judged by the URL parser may lead off the site: left out.
  let groupShown = true;
  const shown = rows.filter((r) => {
    if (r.groupYn === 'Y') groupShown = r.visible;
    return r.visible && groupShown && (r.groupYn === 'Y' || (isSiteOrWebLink(r.url ?? '') && !opensHidden(r.url)));
  });
  return shown.map((r) => ({
    groupYn: r.groupYn,
    programId: r.programId ?? '',
    programName: r.label ?? r.programName ?? '',
    taget: r.target,
    shortKey: r.shortKey,
    url: r.groupYn === 'Y' ? '' : (r.url ?? ''),
    icon: r.icon,
  }));
}

/**
 * The menu is read on every page load and changes rarely: each node keeps it for a few seconds.
 * Admin edits call invalidate(); other nodes see them when their copy expires.
 */
export function createMenuCache(db: Tx, ttlMs = 10_000) {
  let cached: { at: number; value: Promise<MenuEntry[]> } | null = null;
  return {
    get(): Promise<MenuEntry[]> {
      if (!cached || Date.now() - cached.at > ttlMs) {
        const value = topMenu(db);
        cached = { at: Date.now(), value };
        value.catch(() => (cached = null));
      }
      return cached.value;
    },
    invalidate() {
      cached = null;
    },
  };
}
