// Moving one exhibit in the editor's list (the keyboard alternative to dragging).

/** The list with the item of `key` moved `by` places, or null when it cannot move that way. */
export function moveItem<T extends { galleryKey: number }>(list: readonly T[], key: number, by: -1 | 1): T[] | null {
  const from = list.findIndex((e) => e.galleryKey === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return null;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Where a slideshow starts: the exhibit of `galleryKey`, or the first when it is not shown. */
export function startIndex(list: readonly { galleryKey: number }[], galleryKey: number | null): number {
  if (galleryKey === null) return 0;
  const at = list.findIndex((e) => e.galleryKey === galleryKey);
  return at < 0 ? 0 : at;
}
