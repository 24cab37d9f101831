// boardList (/board/{id}/{category}/list/{page?}): the board's name and description, its
// categories, 20 posts a page with notices first, the search box and the 글쓰기 button.
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { PostPage } from '../../../common/api/boards';
import { formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import { useBoardInfo } from './api/board-info';
import { useBoardList } from './api/board-list';
import { CategoryBar } from './category-bar';
import { boardFeedPath, useFeedLink } from './feed-link';
import { ListPager } from '../../ui/list-pager';
import { ListEmpty, ListFailed, ListLoading } from '../../ui/list-state';
import { adminPaths, boardListPath, type ListSearch, writePath } from '../../shared/paths';
import { pageParam, readSearch } from './route-params';
import { PostList } from '../../ui/post-list';
import { SearchBox } from './search-box';
import './boards.css';
import { koBoards } from './texts';
import { koBoardStaff } from './staff-texts';

const b = koBoards;

/**
 * "‘렌즈’ 검색 결과 1,000건 이상", which posts the search covered, and the links to the older slice,
 * back to the newest posts, and out of the search (docs/decisions/0020-search-slices.md).
 */
function SearchSummary({ id, category, search, data }: { id: string; category: string; search: ListSearch; data: PostPage }) {
  const slice = data.search;
  const count = formatNumber(data.total);
  // Which posts were searched; not said when the count stopped at its cap (the slice then ended
  // at the last hit counted, before its full size), nor when the whole board was searched.
  const posts = slice ? formatNumber(slice.slicePosts) : '';
  const sliceNote = !slice || slice.capped ? null : slice.before !== null ? b.search.sliceOlder(posts) : slice.next !== null ? b.search.sliceNewest(posts) : null;
  return (
    <p className="search-summary" role="status">
      {slice?.capped ? b.search.resultCapped(search.q, count) : b.search.result(search.q, count)}
      {sliceNote && ` ${sliceNote}`}{' '}
      {slice?.next != null && (
        <>
          <Link to={boardListPath(id, category, 1, { q: search.q, field: search.field, before: slice.next })}>{b.search.further}</Link>{' '}
        </>
      )}
      {search.before && (
        <>
          <Link to={boardListPath(id, category, 1, { q: search.q, field: search.field })}>{b.search.fromNewest}</Link>{' '}
        </>
      )}
      <Link to={boardListPath(id, category)}>{b.search.clear}</Link>
    </p>
  );
}

export default function BoardListPage() {
  const { id = '', category = 'c0', page: rawPage } = useParams();
  const page = pageParam(rawPage);
  const [params] = useSearchParams();
  const search = readSearch(params);
  const navigate = useNavigate();
  const info = useBoardInfo(id);
  const list = useBoardList({
    boardId: id,
    category,
    page,
    ...(search ? { search: search.q, searchField: search.field, ...(search.before ? { before: search.before } : {}) } : {}),
  });
  const board = info.data;
  useDocumentTitle(board?.name ?? ko.pages.boardList);
  const categoryName = board?.categories.find((c) => c.code === category)?.name;
  useFeedLink(board?.feed ? boardFeedPath(board.id, categoryName ? category : 'c0') : null, b.feedTitle(categoryName ? `${board?.name} › ${categoryName}` : (board?.name ?? '')));

  const here = boardListPath(id, category, page, search);
  const data = list.data;

  // On a first visit the board (name, description, categories) and its posts are two answers:
  // one loading line until both are in, so neither pushes the other, nor the search box, down.
  if (info.isPending || list.isPending) {
    return (
      <section className="board-page board-list-page">
        <ListLoading />
      </section>
    );
  }

  return (
    <section className="board-page board-list-page">
      <header className="board-head">
        <div className="board-head-text">
          <h1>{board?.name ?? '\u00a0'}</h1>
          {board?.description && <p className="lead">{board.description}</p>}
        </div>
        {board?.abilities.canWrite && (
          <Link to={writePath(id)} state={category !== 'c0' ? { category } : undefined} className="p-button p-component board-write-button">
            <span className="p-button-icon p-button-icon-left pi pi-pencil" aria-hidden="true" />
            <span className="p-button-label">{b.write}</span>
          </Link>
        )}
        {/* The board's staff (administrators, its managers): the board's reports. */}
        {board?.abilities.canManage && (
          <Link to={adminPaths.reportManage} className="p-button p-component p-button-outlined board-reports-button">
            <span className="p-button-icon p-button-icon-left pi pi-flag" aria-hidden="true" />
            <span className="p-button-label">{koBoardStaff.reports}</span>
          </Link>
        )}
      </header>
      {board && <CategoryBar board={board} current={category} />}

      {search && data && <SearchSummary id={id} category={category} search={search} data={data} />}

      {list.isError && !data ? (
        <ListFailed onRetry={() => void list.refetch()} />
      ) : data && data.items.length > 0 ? (
        <div className={list.isPlaceholderData ? 'list-body is-stale' : 'list-body'}>
          <PostList items={data.items} showCategory={category === 'c0'} from={{ listPath: here }} label={board ? `${board.name} ${ko.postList.listLabel}` : ko.postList.listLabel} />
        </div>
      ) : (
        <ListEmpty text={search ? b.noResult : b.empty} />
      )}

      {data && <ListPager page={page} pageSize={data.pageSize} total={data.total} hrefOf={(p) => boardListPath(id, category, p, search)} />}

      <div className="board-foot">
        <SearchBox key={`${search?.field ?? ''}:${search?.q ?? ''}`} current={search} onSearch={(s) => navigate(boardListPath(id, category, 1, s))} />
        {board?.abilities.canWrite && (
          <Link to={writePath(id)} state={category !== 'c0' ? { category } : undefined} className="p-button p-component p-button-outlined board-write-button">
            <span className="p-button-icon p-button-icon-left pi pi-pencil" aria-hidden="true" />
            <span className="p-button-label">{b.write}</span>
          </Link>
        )}
      </div>
    </section>
  );
}
