// What every tab of a space shows around its rows: the count, loading / failed / empty states,
// the rows dimmed while the next page loads, and the shared pager.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatNumber } from '../../../common/format';
import { ListEmpty, ListFailed, ListLoading } from '../../ui/list-state';
import { ListPager } from '../../ui/list-pager';
import type { ListPage } from './api/list-page';
import { koSpace } from './texts';

export function SpaceList<T>({
  query,
  empty,
  hrefOf,
  children,
}: {
  query: UseQueryResult<ListPage<T>>;
  empty: string;
  hrefOf: (page: number) => string;
  children: (items: T[]) => ReactNode;
}) {
  const data = query.data;
  if (!data) return query.isError ? <ListFailed onRetry={() => void query.refetch()} /> : <ListLoading />;
  if (data.items.length === 0) return <ListEmpty text={empty} />;
  return (
    <>
      <p className="space-total">{koSpace.total(formatNumber(data.total))}</p>
      <div className={query.isPlaceholderData ? 'list-body is-stale' : 'list-body'} aria-busy={query.isPlaceholderData || undefined}>
        {children(data.items)}
      </div>
      <ListPager page={data.page} pageSize={data.pageSize} total={data.total} hrefOf={hrefOf} />
    </>
  );
}
