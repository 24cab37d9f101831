// The board admin calls (/api/admin/board/...) as queries and mutations; every write refreshes
// the board list (the answer carries counts and categories).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminBoardListQuery, AdminBoardPage, AdminBoardSave, AdminBoardSaved, AdminCategoryMerged } from '../../../../../common/api/admin-boards';
import { callAwait } from '../../../../api/call';
import { adminKey } from '../../shared/api/keys';

export const boardListRoot = [...adminKey, 'board', 'list'] as const;

export type AdminBoardListParams = z.input<typeof AdminBoardListQuery>;
export type AdminBoardPageData = z.infer<typeof AdminBoardPage>;
export type AdminBoardRowData = AdminBoardPageData['items'][number];
export type AdminLevelData = AdminBoardPageData['levels'][number];
export type BoardSaveInput = z.output<typeof AdminBoardSave>;

export const adminBoardsQuery = (params: AdminBoardListParams) =>
  queryOptions({
    queryKey: [...boardListRoot, params] as const,
    queryFn: () => callAwait<AdminBoardPageData>('/api/admin/board/list', { data: params }),
    placeholderData: keepPreviousData,
  });

export const useAdminBoards = (params: AdminBoardListParams) => useQuery(adminBoardsQuery(params));

function useBoardWrite<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: boardListRoot }) });
}

/** Create or edit; field messages are shown at the field by the form, so no toast here. */
export const useBoardSave = () =>
  useBoardWrite((input: BoardSaveInput) => callAwait<z.infer<typeof AdminBoardSaved>>('/api/admin/board/save', { data: input, silent: true }));

export const useBoardDelete = () => useBoardWrite((id: string) => callAwait<{ ok: true }>('/api/admin/board/delete', { data: { id } }));

export const useBoardOrder = () => useBoardWrite((ids: string[]) => callAwait<{ ok: true }>('/api/admin/board/order', { data: { ids } }));

export const useCategoryMerge = () =>
  useBoardWrite((input: { boardId: string; from: string; into: string }) =>
    callAwait<z.infer<typeof AdminCategoryMerged>>('/api/admin/board/category-merge', { data: input }),
  );
