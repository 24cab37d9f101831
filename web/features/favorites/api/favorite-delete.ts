import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAwait } from '../../../api/call';
import { favoriteListRoot } from './favorite-list';

/** /api/favorite/delete by the scrap's own key. */
export const postFavoriteDelete = (favoriteKey: number) => callAwait<{ ok: true }>('/api/favorite/delete', { data: { favoriteKey } });

export function useDeleteFavorite() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postFavoriteDelete, onSuccess: () => client.invalidateQueries({ queryKey: favoriteListRoot }) });
}
