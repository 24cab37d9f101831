// The calls of a board's staff (an administrator, a manager of the board): moving a post to
// another board and the boards it may go to, pinning a notice, the boards a member manages.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManagedBoards, MoveTarget, PostMove } from '../../../../common/api/board-moves';
import { callAwait } from '../../../api/call';
import { boardsKey, postListRoots } from './keys';
import { postViewKey } from './post-view';

const moveTargetsKey = (key: number) => [...boardsKey, 'move-targets', key] as const;
const managedKey = [...boardsKey, 'managed'] as const;

/** /api/board/move/targets: the boards (with categories) the caller may move the post to. */
export const fetchMoveTargets = (key: number) => callAwait<{ boards: MoveTarget[] }>('/api/board/move/targets', { data: { key } });
export const useMoveTargets = (key: number, enabled: boolean) =>
  useQuery(queryOptions({ queryKey: moveTargetsKey(key), queryFn: () => fetchMoveTargets(key), enabled, staleTime: 0 }));

/** /api/board/move; its refusals show at the dialog's fields, so the call stays silent. */
export const postMove = (input: PostMove) => callAwait<{ boardId: string; category: string; url: string }>('/api/board/move', { data: input, silent: true });

export function useMovePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postMove,
    onSuccess: (_r, input) =>
      Promise.all([client.invalidateQueries({ queryKey: postViewKey(input.key) }), ...postListRoots.map((queryKey) => client.invalidateQueries({ queryKey }))]),
  });
}

/** /api/board/notice: pins the post as a notice of its board, or lets it go. */
export const postNotice = (input: { key: number; notice: boolean }) => callAwait<{ notice: boolean }>('/api/board/notice', { data: input });

export function useNoticePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postNotice,
    onSuccess: (_r, input) =>
      Promise.all([client.invalidateQueries({ queryKey: postViewKey(input.key) }), ...postListRoots.map((queryKey) => client.invalidateQueries({ queryKey }))]),
  });
}

/** /api/board/managed: the boards the signed-in member manages. */
export const fetchManagedBoards = () => callAwait<ManagedBoards>('/api/board/managed', { data: {} });
export const managedBoardsQuery = () => queryOptions({ queryKey: managedKey, queryFn: fetchManagedBoards, staleTime: 60_000 });
export const useManagedBoards = (enabled: boolean) => useQuery({ ...managedBoardsQuery(), enabled });
