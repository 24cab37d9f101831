// What a thumb meets on a page at phone width: every control's target measured against WCAG 2.2's
// target size (2.5.8: at least 24 × 24 px, or spaced so a 24 px circle on it touches no other
// target; links inside a sentence are exempt) and the club's own rule that primary controls are at
// least 44 × 44 px; plus any element that reaches past the viewport's edges without a scrolling
// box around it. A finding names the element so it can be found in the page.
import type { Page } from 'playwright-core';

export interface TargetFinding {
  /** 'small' (under 24 px and too close to another target), 'primary' (a primary control under
   * 44 px), 'wide' (past the viewport's edge). */
  kind: 'small' | 'primary' | 'wide';
  what: string;
  width: number;
  height: number;
}

/** Controls that must be 44 × 44: buttons, tabs, menu items, switches, form fields, pager links,
 * and any link marked as a list row's target (`data-row-link`) or a navigation item. */
const PRIMARY =
  'button, [role="button"], [role="tab"], [role="menuitem"], [role="switch"], [role="checkbox"], [role="radio"], input, select, textarea, ' +
  '.p-dropdown, .p-multiselect, .p-inputnumber, nav a, .list-pager a, [data-row-link]';

const TARGETS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], ' +
  '[role="menuitem"], [role="checkbox"], [role="radio"], [role="switch"], [role="option"], [tabindex]:not([tabindex="-1"])';

/** Member-written content: the links in a post are the author's, inside their sentences. */
const CONTENT = '.rich-content, .ProseMirror, .content-body';

// The browser's document inside evaluate (this project type-checks without the DOM lib).
interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}
interface Node_ {
  nodeType: number;
  textContent: string | null;
}
interface El extends Node_ {
  tagName: string;
  id: string;
  className: unknown;
  parentElement: El | null;
  childNodes: ArrayLike<Node_>;
  labels?: ArrayLike<El> | null;
  getBoundingClientRect(): Rect;
  getAttribute(name: string): string | null;
  closest(selector: string): El | null;
  matches(selector: string): boolean;
  querySelectorAll(selector: string): ArrayLike<El>;
  innerText?: string;
}
interface Style {
  display: string;
  visibility: string;
  position: string;
  content: string;
  overflowX: string;
  opacity: string;
  clip: string;
  clipPath: string;
}
declare const document: { querySelectorAll(selector: string): ArrayLike<El>; documentElement: { clientWidth: number } };
declare function getComputedStyle(el: El, pseudo?: string): Style;

/** Every finding on the page as it is now. */
export async function auditTargets(page: Page): Promise<TargetFinding[]> {
  // A control that is still growing in (a toast's entrance scales it) is measured at its full size.
  await page.evaluate(`(async () => {
    const ending = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.race([Promise.allSettled(ending.map((a) => a.finished)), new Promise((done) => setTimeout(done, 2000))]);
  })()`);
  return page.evaluate(
    ({ PRIMARY, TARGETS, CONTENT }) => {
      const viewport = document.documentElement.clientWidth;
      const describe = (el: El) => {
        const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).slice(0, 3).join('.')}` : '';
        const name = (el.getAttribute('aria-label') ?? el.innerText ?? el.getAttribute('title') ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
        return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls}${name ? ` "${name}"` : ''}`;
      };
      const hidden = (el: El): boolean => {
        for (let e: El | null = el; e; e = e.parentElement) {
          const s = getComputedStyle(e);
          if (s.display === 'none' || s.visibility === 'hidden') return true;
          if (e.getAttribute('aria-hidden') === 'true' && e.getAttribute('tabindex') === null) return true;
        }
        const r = el.getBoundingClientRect();
        return r.width === 0 || r.height === 0;
      };
      // A link stretched over its row by a positioned ::after is as big as the row.
      const targetRect = (el: El): Rect => {
        for (const pseudo of ['::after', '::before']) {
          const s = getComputedStyle(el, pseudo);
          if (s.content !== 'none' && s.position === 'absolute') {
            for (let e = el.parentElement; e; e = e.parentElement) if (getComputedStyle(e).position !== 'static') return e.getBoundingClientRect();
          }
        }
        // A checkbox or radio button is as big as its input and its labels together.
        let r = el.getBoundingClientRect();
        const control = el.matches('input') ? el : el.closest('.p-checkbox, .p-radiobutton, .p-inputswitch')?.querySelectorAll('input')[0];
        for (const label of Array.from(control?.labels ?? [])) {
          const l = label.getBoundingClientRect();
          if (l.width > 0) r = { left: Math.min(r.left, l.left), top: Math.min(r.top, l.top), right: Math.max(r.right, l.right), bottom: Math.max(r.bottom, l.bottom), width: 0, height: 0 };
        }
        return { ...r, width: r.right - r.left, height: r.bottom - r.top };
      };
      // A link that sits in a line of text (text beside it in the same block) is inline.
      const inSentence = (el: El): boolean => {
        if (getComputedStyle(el).display !== 'inline' || !el.parentElement) return false;
        return Array.from(el.parentElement.childNodes).some((n) => n.nodeType === 3 && (n.textContent ?? '').trim().length > 1);
      };

      const found: Array<{ kind: 'small' | 'primary' | 'wide'; what: string; width: number; height: number }> = [];
      const seen = new Set<El>();
      const targets: Array<{ el: El; r: Rect; small: boolean }> = [];
      for (const el of Array.from(document.querySelectorAll(TARGETS))) {
        if (el.closest(CONTENT) || hidden(el)) continue;
        // A PrimeReact input hidden inside its widget is measured as the widget.
        const owner = el.matches('input') ? (el.closest('.p-checkbox, .p-radiobutton, .p-inputswitch, .p-dropdown') ?? el) : el;
        if (seen.has(owner)) continue;
        seen.add(owner);
        const r = targetRect(el);
        targets.push({ el: owner, r, small: (r.width < 24 || r.height < 24) && !inSentence(el) });
        const primary = owner.matches(PRIMARY) || el.matches(PRIMARY);
        if (primary && (r.width < 44 || r.height < 44)) found.push({ kind: 'primary', what: describe(owner), width: Math.round(r.width), height: Math.round(r.height) });
      }
      // WCAG 2.5.8's spacing: a 24 px circle centred on a small target meets no other target or circle.
      for (const t of targets.filter((x) => x.small)) {
        const cx = (t.r.left + t.r.right) / 2;
        const cy = (t.r.top + t.r.bottom) / 2;
        const crowded = targets.some((o) => {
          if (o === t) return false;
          if (o.small) return Math.hypot((o.r.left + o.r.right) / 2 - cx, (o.r.top + o.r.bottom) / 2 - cy) < 24;
          const dx = Math.max(o.r.left - cx, 0, cx - o.r.right);
          const dy = Math.max(o.r.top - cy, 0, cy - o.r.bottom);
          return Math.hypot(dx, dy) < 12;
        });
        if (crowded) found.push({ kind: 'small', what: describe(t.el), width: Math.round(t.r.width), height: Math.round(t.r.height) });
      }
      // Past the viewport: an element whose box leaves it, unless a box that scrolls or clips holds it.
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || (r.right <= viewport + 1 && r.left >= -1)) continue;
        let held = false;
        for (let e = el.parentElement; e && e.tagName !== 'BODY'; e = e.parentElement) {
          const s = getComputedStyle(e);
          if (s.overflowX !== 'visible' || s.position === 'fixed') {
            held = true;
            break;
          }
        }
        const s = getComputedStyle(el);
        // Visually hidden text (the screen-reader-only pattern) and fixed layers off screen are not seen.
        if (held || s.position === 'fixed' || s.clip !== 'auto' || s.clipPath !== 'none' || s.opacity === '0' || hidden(el)) continue;
        found.push({ kind: 'wide', what: describe(el), width: Math.round(r.width), height: Math.round(r.height) });
      }
      return found;
    },
    { PRIMARY, TARGETS, CONTENT },
  );
}
