import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FavoritePage } from '../../../../common/api/boards';
import { callAwait } from '../../../api/call';

export type FavoritePageData = z.infer<typeof FavoritePage>;

/** /api/favorite/list: the member's scraps, newest first, 20 a page. */
export const fetchFavoriteList = (page: number) => callAwait<FavoritePageData>('/api/favorite/list', { data: { page } });

export const favoriteListRoot = ['favorites', 'list'] as const;

export const favoriteListQuery = (page: number) =>
  queryOptions({
    queryKey: [...favoriteListRoot, page] as const,
    queryFn: () => fetchFavoriteList(page),
    // Scraps are added from posts (another feature): always ask again when the list opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useFavoriteList = (page: number, enabled = true) => useQuery({ ...favoriteListQuery(page), enabled });
