// Member management calls for the userManage page; every write refreshes the list and the panel.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminUserListQuery,
  AdminUserPage,
  AdminUserPoints,
  AdminUserPointsResult,
  AdminUserSave,
  AdminUserSuspend,
  AdminUserSuspended,
  AdminUserView,
} from '../../../../../common/api/admin-users';
import { callAwait } from '../../../../api/call';

const userRoot = ['admin', 'user'] as const;

export type UserListParams = z.input<typeof AdminUserListQuery>;
export type UserPageData = z.infer<typeof AdminUserPage>;

export const useAdminUsers = (params: UserListParams) =>
  useQuery({
    queryKey: [...userRoot, 'list', params] as const,
    queryFn: () => callAwait<UserPageData>('/api/admin/user/list', { data: params }),
    placeholderData: keepPreviousData,
  });

export const useAdminUser = (userNo: number | null) =>
  useQuery({
    queryKey: [...userRoot, 'view', userNo] as const,
    queryFn: () => callAwait<AdminUserView>('/api/admin/user/view', { data: { userNo } }),
    enabled: userNo !== null,
    staleTime: 0,
  });

/** A write; a form shows its field messages itself (silent). Success refreshes list and panel. */
function useUserWrite<I, O>(path: string, silent = true) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => callAwait<O>(path, { data: input, silent }),
    onSuccess: () => client.invalidateQueries({ queryKey: userRoot }),
  });
}

export const useUserSave = () => useUserWrite<z.output<typeof AdminUserSave>, { ok: true }>('/api/admin/user/save');
export const useUserPoints = () => useUserWrite<z.output<typeof AdminUserPoints>, z.infer<typeof AdminUserPointsResult>>('/api/admin/user/points');
export const useUserSuspend = () => useUserWrite<z.output<typeof AdminUserSuspend>, z.infer<typeof AdminUserSuspended>>('/api/admin/user/suspend');
export const useUserRestore = () => useUserWrite<{ userNo: number }, { ok: true }>('/api/admin/user/restore', false);
