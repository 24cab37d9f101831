// The category bar of a board: 전체 (c0) and the board's own categories.
import { Link } from 'react-router';
import type { BoardInfo } from '../../../common/api/boards';
import { ko } from '../../i18n/ko';
import { boardListPath } from './paths';

export function CategoryBar({ board, current }: { board: BoardInfo; current: string }) {
  const own = board.categories.filter((c) => c.code !== 'c0');
  if (own.length === 0) return null;
  const all = [{ code: 'c0', name: ko.boards.all }, ...own];
  return (
    <nav className="category-bar" aria-label={ko.boards.categoryBar}>
      <ul>
        {all.map((c) => (
          <li key={c.code}>
            <Link to={boardListPath(board.id, c.code)} aria-current={c.code === current ? 'page' : undefined} className={c.code === current ? 'active' : undefined}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
