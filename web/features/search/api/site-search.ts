import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchKind, SiteSearchResult } from '../../../../common/api/search';
import { callAwait } from '../../../api/call';

export interface SiteSearchParams {
  q: string;
  /** One kind, paginated; absent: every kind, a few hits each. */
  kind?: SearchKind | undefined;
  page: number;
}

/** /api/search: the site search, grouped by kind (docs/api.md#search). */
export const fetchSiteSearch = ({ q, kind, page }: SiteSearchParams) =>
  callAwait<SiteSearchResult>('/api/search', { data: kind ? { q, kind, page } : { q } });

export const siteSearchRoot = ['site-search'] as const;

export const siteSearchQuery = (params: SiteSearchParams) =>
  queryOptions({
    queryKey: [...siteSearchRoot, params.q, params.kind ?? '', params.kind ? params.page : 1] as const,
    queryFn: () => fetchSiteSearch(params),
    // Another page of one kind keeps the rows on screen until the answer arrives.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useSiteSearch = (params: SiteSearchParams) => useQuery({ ...siteSearchQuery(params), enabled: params.q.trim() !== '' });
