// Reordering of the row editors (spec rows, product pictures, board categories): the move, and where focus goes after it.
/** Moves item `from` to `to` (both inside the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The button to focus after a row moved to `to` by its `button` (one of `pair`, back then forward;
 * ids are `${id}-${row}-${button}`): the same button on the row's new place keeps a keyboard member
 * where they were, the other one when the row reached an end and that button is off.
 */
export function movedButtonId<B extends string>(id: string, to: number, length: number, button: B, pair: readonly [B, B]): string {
  const [back, forward] = pair;
  const end = button === back ? to === 0 : to === length - 1;
  return `${id}-${to}-${end ? (button === back ? forward : back) : button}`;
}
