import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAwait } from '../../../api/call';
import { galleryListRoots } from './keys';

/** /api/gallery/delete: the owner (or an administrator) deletes an item. */
export const galleryDelete = (galleryKey: number) => callAwait<{ ok: true }>('/api/gallery/delete', { data: { galleryKey } });

export function useDeleteGallery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: galleryDelete,
    onSuccess: () => Promise.all(galleryListRoots.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
