import { useInfiniteQuery } from '@tanstack/react-query';
import type { Reaction, ReactionList, ReactionTarget } from '../../../../common/api/reactions';
import { callAwait } from '../../../api/call';

export const reactionListKey = (target: ReactionTarget, reaction: Reaction | undefined) => ['reaction-list', target.kind, target.key, reaction ?? 'all'] as const;

/** /api/reaction/list: who reacted, newest first, page by page ("더 보기"). */
export function useReactionList(target: ReactionTarget, reaction: Reaction | undefined, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: reactionListKey(target, reaction),
    queryFn: ({ pageParam }) => callAwait<ReactionList>('/api/reaction/list', { data: { target, ...(reaction ? { reaction } : {}), page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled,
    // Who reacted changes with every toggle: asked for again each time the dialog opens.
    staleTime: 0,
  });
}
