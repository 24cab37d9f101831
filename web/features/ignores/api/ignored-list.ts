import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IgnoredPage } from '../../../../common/api/ignores';
import { callAwait } from '../../../api/call';
import { ignoredListKey, postIgnore } from '../../../shared/ignored';

/** /api/user/ignored: the caller's ignore list, 20 a page, newest first. */
export const fetchIgnoredPage = (page: number) => callAwait<IgnoredPage>('/api/user/ignored', { data: { page } });
export const ignoredPageQuery = (page: number) =>
  queryOptions({ queryKey: [...ignoredListKey, page] as const, queryFn: () => fetchIgnoredPage(page), staleTime: 0, placeholderData: keepPreviousData });
export const useIgnoredPage = (page: number, enabled: boolean) => useQuery({ ...ignoredPageQuery(page), enabled });

/** /api/user/unignore from the list; the session's set follows (web/shared/ignored.ts). */
export function useUnignore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => postIgnore(userId, false),
    onSuccess: () => client.invalidateQueries({ queryKey: ignoredListKey }),
  });
}
