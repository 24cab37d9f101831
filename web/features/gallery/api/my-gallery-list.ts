import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GalleryPage } from '../../../../common/api/gallery';
import { callAwait } from '../../../api/call';
import { myGalleryRoot } from './keys';

/** /api/gallery/list with the member's own userId: their items with the owner's badges. */
export const fetchMyGallery = (userId: string, page: number) => callAwait<GalleryPage>('/api/gallery/list', { data: { userId, page } });

export const myGalleryQuery = (userId: string, page: number) =>
  queryOptions({ queryKey: [...myGalleryRoot, userId, page] as const, queryFn: () => fetchMyGallery(userId, page), placeholderData: keepPreviousData, staleTime: 0 });

export const useMyGallery = (userId: string, page: number) => useQuery({ ...myGalleryQuery(userId, page), enabled: userId !== '' });
