import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MuseumPage } from '../../../../../common/api/gallery';
import { callAwait } from '../../../../api/call';
import { museumListRoot } from './keys';

export type MuseumPageData = z.infer<typeof MuseumPage>;

/** /api/museum/list: one page of a member's exhibits, in the order they chose. */
// Silent: the page shows its own retry; a "forward:" answer (withdrawn member) still opens the error page.
export const fetchMuseumList = (userId: string, page: number) => callAwait<MuseumPageData>('/api/museum/list', { data: { userId, page }, silent: true });

export const museumListQuery = (userId: string, page: number) =>
  queryOptions({
    queryKey: [...museumListRoot, userId, page] as const,
    queryFn: () => fetchMuseumList(userId, page),
    placeholderData: keepPreviousData,
  });

export const useMuseumList = (userId: string, page: number) => useQuery(museumListQuery(userId, page));
