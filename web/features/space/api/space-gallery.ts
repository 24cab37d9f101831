import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GalleryPage } from '../../../../common/api/gallery';
import { callAwait } from '../../../api/call';
import { spaceListRoot } from './keys';

/** /api/gallery/list with a userId: the member's gallery items, newest first, 24 a page. */
export const fetchSpaceGallery = (userId: string, page: number) => callAwait<GalleryPage>('/api/gallery/list', { data: { userId, page } });

export const spaceGalleryQuery = (userId: string, page: number) =>
  queryOptions({ queryKey: [...spaceListRoot, 'gallery', userId, page] as const, queryFn: () => fetchSpaceGallery(userId, page), placeholderData: keepPreviousData });

export const useSpaceGallery = (userId: string, page: number, enabled = true) => useQuery({ ...spaceGalleryQuery(userId, page), enabled });
