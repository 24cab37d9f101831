import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GalleryView } from '../../../../common/api/gallery';
import { callAwait } from '../../../api/call';
import { galleryViewKey } from './gallery-view';

/** /api/favorite/add and /api/favorite/delete for a gallery item (a post of the gallery board). */
export const galleryScrap = ({ galleryKey, on }: { galleryKey: number; on: boolean }) =>
  on
    ? callAwait<{ ok: true }>('/api/favorite/add', { data: { boardId: 'gallery', key: galleryKey } })
    : callAwait<{ ok: true }>('/api/favorite/delete', { data: { key: galleryKey } });

export function useScrapGallery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: galleryScrap,
    onSuccess: (_d, { galleryKey, on }) => {
      client.setQueryData<GalleryView>(galleryViewKey(galleryKey), (g) => g && { ...g, scrapped: on });
    },
  });
}
