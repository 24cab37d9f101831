// The category bar of a board: 전체 (c0) and the board's own categories, in a row that scrolls
// sideways on a narrow screen (web/ui/scroll-row.tsx).
import { Link } from 'react-router';
import type { BoardInfo } from '../../../common/api/boards';
import { boardListPath } from '../../shared/paths';
import { ScrollRow } from '../../ui/scroll-row';
import { koBoards } from './texts';

export function CategoryBar({ board, current }: { board: BoardInfo; current: string }) {
  const own = board.categories.filter((c) => c.code !== 'c0');
  if (own.length === 0) return null;
  const all = [{ code: 'c0', name: koBoards.all }, ...own];
  return (
    <ScrollRow className="category-bar" label={koBoards.categoryBar} watch={`${board.id}:${own.length}:${current}`}>
      {all.map((c) => (
        <li key={c.code}>
          <Link to={boardListPath(board.id, c.code)} aria-current={c.code === current ? 'page' : undefined} className={c.code === current ? 'active' : undefined}>
            {c.name}
          </Link>
        </li>
      ))}
    </ScrollRow>
  );
}
