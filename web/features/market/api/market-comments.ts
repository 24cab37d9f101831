import { useQueryClient } from '@tanstack/react-query';
import { marketListRoot } from './keys';
import { marketViewKey } from './market-view';

/** After a comment on an item: its count on the page and in the lists. */
export function useRefreshAfterComment(key: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: marketViewKey(key) }), client.invalidateQueries({ queryKey: marketListRoot, refetchType: 'none' })]);
}
