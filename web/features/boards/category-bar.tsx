// The category bar of a board: 전체 (c0) and the board's own categories. On a narrow screen the
// row scrolls sideways; a fade with an arrow at either end says that more chips are off screen
// there, and follows the scrolling.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { BoardInfo } from '../../../common/api/boards';
import { ko } from '../../i18n/ko';
import { boardListPath } from './paths';

/** Whether chips are hidden before and after the visible part of the row. */
function useScrollEnds(key: string) {
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
  }, [key]);
  return { ref, ends };
}

export function CategoryBar({ board, current }: { board: BoardInfo; current: string }) {
  const own = board.categories.filter((c) => c.code !== 'c0');
  const { ref, ends } = useScrollEnds(`${board.id}:${own.length}`);
  if (own.length === 0) return null;
  const all = [{ code: 'c0', name: ko.boards.all }, ...own];
  return (
    <nav className="category-bar" aria-label={ko.boards.categoryBar} data-more-start={ends.start} data-more-end={ends.end}>
      <ul ref={ref}>
        {all.map((c) => (
          <li key={c.code}>
            <Link to={boardListPath(board.id, c.code)} aria-current={c.code === current ? 'page' : undefined} className={c.code === current ? 'active' : undefined}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
      <span className="category-more category-more-start" aria-hidden="true">
        <i className="pi pi-angle-left" />
      </span>
      <span className="category-more category-more-end" aria-hidden="true">
        <i className="pi pi-angle-right" />
      </span>
    </nav>
  );
}
