import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedMember } from '../../../../common/api/letters';
import { callAwait } from '../../../api/call';
import { ignoredListKey, refreshIgnored } from '../../../shared/ignored';
import { letterKeys } from './keys';

/** /api/letter/block/list: the members whose letters the caller refuses. */
export const fetchBlockList = () => callAwait<BlockedMember[]>('/api/letter/block/list');
export const blockListQuery = () => queryOptions({ queryKey: letterKeys.blocks, queryFn: fetchBlockList, staleTime: 0 });
export const useBlockList = (enabled: boolean) => useQuery({ ...blockListQuery(), enabled });

/** /api/letter/block and /api/letter/unblock by userId. */
export const postBlock = ({ userId, blocked }: { userId: string; blocked: boolean }) =>
  callAwait<{ ok: true }>(blocked ? '/api/letter/block' : '/api/letter/unblock', { data: { userId } });

export function useBlock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postBlock,
    // The block list and any open letter (it shows whether its sender is blocked); blocking is
    // ignoring (decision 46), so the set the lists fold by and the ignore list page too.
    onSuccess: () => {
      void refreshIgnored();
      void client.invalidateQueries({ queryKey: ignoredListKey });
      return client.invalidateQueries({ queryKey: letterKeys.root, predicate: (q) => q.queryKey[1] === 'blocks' || q.queryKey[2] === 'view' });
    },
  });
}
