// Calls of the program and menu admin pages. A write also asks the site's own top menu to load
// again (reload.menu), so the admin sees the saved menu in the header at once.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MenuOrder, MenuTree, MenuTreeSave, ProgramListQuery, ProgramPage, ProgramSave } from '../../../../../common/api/admin-menus';
import { callAwait } from '../../../../api/call';
import { sessionStore } from '../../../../shared/session-store';

const programRoot = ['admin', 'program'] as const;
const menuRoot = ['admin', 'menu'] as const;

export type ProgramPageData = z.infer<typeof ProgramPage>;
export type ProgramListParams = ProgramListQuery;
export type ProgramSaveInput = z.output<typeof ProgramSave>;
export type MenuTreeData = MenuTree;
export type MenuTreeInput = z.output<typeof MenuTreeSave>;

export const programsQuery = (params: ProgramListParams) =>
  queryOptions({
    queryKey: [...programRoot, 'list', params] as const,
    queryFn: () => callAwait<ProgramPageData>('/api/admin/program/list', { data: params }),
    placeholderData: keepPreviousData,
  });
export const usePrograms = (params: ProgramListParams) => useQuery(programsQuery(params));

export const menuTreeQuery = () => queryOptions({ queryKey: [...menuRoot, 'tree'] as const, queryFn: () => callAwait<MenuTree>('/api/admin/menu/list') });
export const useMenuTree = () => useQuery(menuTreeQuery());

function useWrite<I, O>(path: string, silent: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: I) => callAwait<O>(path, { data, silent }),
    onSuccess: async () => {
      sessionStore.toggleMenuReload();
      await Promise.all([client.invalidateQueries({ queryKey: programRoot }), client.invalidateQueries({ queryKey: menuRoot })]);
    },
  });
}

/** Field messages of a save are shown at the field, so the call itself stays quiet. */
export const useProgramSave = () => useWrite<ProgramSaveInput, { id: string }>('/api/admin/program/save', true);
export const useProgramDelete = () => useWrite<{ id: string }, { ok: true }>('/api/admin/program/delete', false);
export const useMenuSave = () => useWrite<MenuTreeInput, MenuTree>('/api/admin/menu/save', true);
export const useMenuOrder = () => useWrite<z.input<typeof MenuOrder>, MenuTree>('/api/admin/menu/order', false);
