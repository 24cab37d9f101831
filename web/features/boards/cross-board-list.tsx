// The lists across boards (/all/list and /all/topic): one table with the board name column.
import type { UseQueryResult } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { PostPage } from '../../../common/api/boards';
import { useDocumentTitle } from '../../ui/document-title';
import { ListPager } from '../../ui/list-pager';
import { ListEmpty, ListFailed, ListLoading } from '../../ui/list-state';
import { pageParam } from './route-params';
import { PostList } from '../../ui/post-list';
import './boards.css';
import { koBoards } from './texts';

export interface CrossBoardListProps {
  title: string;
  intro: string;
  /** '/all/list' or '/all/topic'; pages after the first add '/{page}'. */
  base: string;
  useList: (page: number) => UseQueryResult<PostPage>;
}

export function CrossBoardList({ title, intro, base, useList }: CrossBoardListProps) {
  const page = pageParam(useParams().page);
  const list = useList(page);
  useDocumentTitle(title);
  const pathOf = (p: number) => (p > 1 ? `${base}/${p}` : base);
  const data = list.data;

  return (
    <section className="board-page cross-board-page">
      <header className="board-head">
        <div className="board-head-text">
          <h1>{title}</h1>
          <p className="lead">{intro}</p>
        </div>
      </header>
      {list.isPending ? (
        <ListLoading />
      ) : list.isError && !data ? (
        <ListFailed onRetry={() => void list.refetch()} />
      ) : data && data.items.length > 0 ? (
        <div className={list.isPlaceholderData ? 'list-body is-stale' : 'list-body'}>
          <PostList items={data.items} showBoard from={{ listPath: pathOf(page) }} label={title} />
        </div>
      ) : (
        <ListEmpty text={koBoards.empty} />
      )}
      {data && <ListPager page={page} pageSize={data.pageSize} total={data.total} hrefOf={pathOf} />}
    </section>
  );
}
