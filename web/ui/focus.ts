// Where keyboard focus goes when a layer opens or closes (decision 17). Dialogs start on their
// first field; a closed dialog or drawer hands focus back to what opened it, or to the page.

/** Form fields, in the order a member fills them in (the rich editor counts). */
export const FIELD_SELECTOR = [
  'input:not([type="hidden"]):not([disabled]):not([readonly])',
  'textarea:not([disabled]):not([readonly])',
  'select:not([disabled])',
  '[contenteditable="true"]',
].join(', ');

const FOCUSABLE_SELECTOR = `${FIELD_SELECTOR}, button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])`;

/** Shown on screen: not inside a hidden or display:none ancestor. */
export const isShown = (el: Element) => el.getClientRects().length > 0;

const firstShown = (root: ParentNode, selector: string) =>
  [...root.querySelectorAll<HTMLElement>(selector)].find((el) => isShown(el) && !el.closest('[data-p-hidden-focusable="true"]')) ?? null;

/** The first field inside root that a member can type into, or null. */
export const firstField = (root: ParentNode) => firstShown(root, FIELD_SELECTOR);

/** The first field, else the first button or link inside root. */
export const firstFocusable = (root: ParentNode) => firstField(root) ?? firstShown(root, FOCUSABLE_SELECTOR);

/**
 * Focus has gone nowhere useful: the page body, an element that left the page or is hidden, or
 * something inside the layer that is closing.
 */
export function focusLost(closing?: Element | null): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || !isShown(active) || !!closing?.contains(active);
}

/** The page itself: the main region, which takes focus (tabIndex -1) after navigation too. */
export const mainRegion = () => document.getElementById('main');

/**
 * Focuses the first of the candidates that is still on the page and shown; the main region when
 * none is. Used when a layer has closed and focus would otherwise fall to the page body.
 */
export function focusFirstOf(...candidates: Array<HTMLElement | null | undefined>) {
  const target = [...candidates, mainRegion()].find((el): el is HTMLElement => !!el && el.isConnected && isShown(el));
  target?.focus();
}

/** The element that has focus now, as something to come back to (never the page body). */
export function currentFocus(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** After a navigation: focus goes to the new page (so H and the shortcut keys work again). */
export const focusPage = () => setTimeout(() => mainRegion()?.focus({ preventScroll: true }), 0);
