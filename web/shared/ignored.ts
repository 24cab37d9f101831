// The members the signed-in member ignores (decision 46): their userIds come with the session
// answer (/api/session/info), so folding a list needs no call of its own. Ignoring and undoing
// answer the whole set, which replaces the one in the session store at once.
import { useMemo } from 'react';
import { callAwait } from '../api/call';
import { fetchSessionInfo } from './api/session-info';
import { sessionStore, useSessionUser } from './session-store';

const EMPTY: ReadonlySet<string> = new Set();

/** The userIds whose posts, comments and items fold for the signed-in member (empty for visitors). */
export function useIgnoredSet(): ReadonlySet<string> {
  const user = useSessionUser();
  const ids = user.logined ? user.ignored : undefined;
  return useMemo(() => (ids && ids.length > 0 ? new Set(ids) : EMPTY), [ids]);
}

/** Whether the member `userId` is ignored (a withdrawn author, userId '', never is). */
export function useIsIgnored(userId: string): boolean {
  const set = useIgnoredSet();
  return userId !== '' && set.has(userId);
}

function setIgnored(ids: string[]) {
  const user = sessionStore.get().user;
  if (user.logined) sessionStore.setUser({ ...user, ignored: ids });
}

/** The query key root of the ignore list page; ignoring and undoing refresh it. */
export const ignoredListKey = ['ignored'] as const;

/** /api/user/ignore or /api/user/unignore; the answer's set replaces the session's. */
export async function postIgnore(userId: string, ignore: boolean): Promise<string[]> {
  const res = await callAwait<{ ok: true; ignored: string[] }>(ignore ? '/api/user/ignore' : '/api/user/unignore', { data: { userId } });
  setIgnored(res.ignored);
  return res.ignored;
}

/** After the letters' block calls (the same list): the set again from the session answer. */
export async function refreshIgnored(): Promise<void> {
  const user = await fetchSessionInfo();
  if (user.logined && user.userId === sessionStore.get().user.userId) setIgnored(user.ignored ?? []);
}

/**
 * `items` without those of ignored members: for the home page's small boxes, which leave them out
 * rather than fold them (a fold in a strip of thumbnails would be all a box shows).
 */
export function useWithoutIgnored<T>(items: readonly T[] | undefined, authorOf: (item: T) => string): readonly T[] | undefined {
  const set = useIgnoredSet();
  return useMemo(() => (items && set.size > 0 ? items.filter((i) => !set.has(authorOf(i))) : items), [items, set, authorOf]);
}
