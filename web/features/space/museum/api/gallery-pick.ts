import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GalleryPage } from '../../../../../common/api/gallery';
import { callAwait } from '../../../../api/call';
import { museumPickRoot } from './keys';

/** /api/gallery/list {userId}: the owner's gallery, a page at a time, to pick exhibits from. */
export const fetchGalleryPick = (userId: string, page: number) => callAwait<GalleryPage>('/api/gallery/list', { data: { userId, page } });

export const useGalleryPick = (userId: string, page: number, enabled = true) =>
  useQuery({
    queryKey: [...museumPickRoot, userId, page] as const,
    queryFn: () => fetchGalleryPick(userId, page),
    placeholderData: keepPreviousData,
    enabled,
  });
