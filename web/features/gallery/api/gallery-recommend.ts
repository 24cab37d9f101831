import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GalleryView } from '../../../../common/api/gallery';
import { callAwait } from '../../../api/call';
import { galleryViewKey } from './gallery-view';

/** /api/board/recommend on the gallery board: once per member; answers the new count. */
export const galleryRecommend = (galleryKey: number) => callAwait<{ recommends: number }>('/api/board/recommend', { data: { boardId: 'gallery', key: galleryKey } });

export function useRecommendGallery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: galleryRecommend,
    onSuccess: ({ recommends }, galleryKey) => {
      client.setQueryData<GalleryView>(galleryViewKey(galleryKey), (g) => g && { ...g, recommends, recommended: true });
    },
  });
}
