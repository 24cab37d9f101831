// A row of links that scrolls sideways when it does not fit (a board's categories, the market's,
// the product makers): a fade with an arrow at either end says more links are off screen there
// and follows the scrolling, and the current link (aria-current="page") is scrolled into view.
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import './scroll-row.css';

/** Whether links are hidden before and after the visible part of the row. */
function useScrollEnds(watch: string) {
  const ref = useRef<HTMLUListElement>(null);
  const [ends, setEnds] = useState({ start: false, end: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setEnds((e) => (e.start === start && e.end === end ? e : { start, end }));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      resize.disconnect();
    };
  }, [watch]);
  return { ref, ends };
}

/** Scrolls the row so the current link sits in the middle of it, or as near as the row allows. */
function useCurrentInView(ref: RefObject<HTMLUListElement | null>, watch: string) {
  useEffect(() => {
    const row = ref.current;
    const current = row?.querySelector('[aria-current="page"]');
    if (!row || !current) return;
    const r = row.getBoundingClientRect();
    const c = current.getBoundingClientRect();
    row.scrollLeft += c.left - r.left - (r.width - c.width) / 2;
  }, [ref, watch]);
}

/**
 * `children` are the row's `<li>`s; `watch` changes when they or the current one change, so the
 * ends are measured and the current link brought into view again.
 */
export function ScrollRow({ className, label, watch, children }: { className: string; label: string; watch: string; children: ReactNode }) {
  const { ref, ends } = useScrollEnds(watch);
  useCurrentInView(ref, watch);
  return (
    <nav className={`scroll-row ${className}`} aria-label={label} data-more-start={ends.start} data-more-end={ends.end}>
      <ul ref={ref}>{children}</ul>
      <span className="scroll-more scroll-more-start" aria-hidden="true">
        <i className="pi pi-angle-left" />
      </span>
      <span className="scroll-more scroll-more-end" aria-hidden="true">
        <i className="pi pi-angle-right" />
      </span>
    </nav>
  );
}
