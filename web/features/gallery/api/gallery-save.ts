import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GallerySave } from '../../../../common/api/gallery';
import { callAwait } from '../../../api/call';
import type { WithProof } from '../../../ui/spam-proof';
import { galleryViewKey } from './gallery-view';
import { galleryListRoots } from './keys';

/** /api/gallery/save: a new item (with a new member's solved challenge), or the owner's edit (title, description, photos in order). */
export const gallerySave = ({ proof, ...input }: WithProof<GallerySave>) => callAwait<{ galleryKey: number }>('/api/gallery/save', { data: input, headers: proof });

export function useSaveGallery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: gallerySave,
    onSuccess: ({ galleryKey }) =>
      Promise.all([client.removeQueries({ queryKey: galleryViewKey(galleryKey) }), ...galleryListRoots.map((queryKey) => client.invalidateQueries({ queryKey }))]),
  });
}
