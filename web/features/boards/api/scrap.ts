import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostView } from '../../../../common/api/boards';
import { callAwait } from '../../../api/call';
import { postViewKey } from './post-view';

export interface ScrapInput {
  boardId: string;
  key: number;
  /** true adds the scrap, false removes it. */
  on: boolean;
}

/** /api/favorite/add and /api/favorite/delete from a post (the scrap list reloads when opened). */
export const postScrap = ({ boardId, key, on }: ScrapInput) =>
  on
    ? callAwait<{ ok: true }>('/api/favorite/add', { data: { boardId, key } })
    : callAwait<{ ok: true }>('/api/favorite/delete', { data: { key } });

export function useScrap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postScrap,
    onSuccess: (_data, { key, on }) => {
      client.setQueryData<PostView>(postViewKey(key), (post) => post && { ...post, scrapped: on });
    },
  });
}
