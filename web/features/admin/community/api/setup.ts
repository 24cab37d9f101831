// Community setup calls: /api/admin/setup/info and /api/admin/setup/save.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSetupInfo, AdminSetupSave } from '../../../../../common/api/admin-setup';
import { callAwait } from '../../../../api/call';
import { koAdmin } from '../../texts';
import { toast } from '../../../../ui/toast-store';
import { siteQuery } from '../../../../shared/api/site';
import { adminKey } from '../../shared/api/keys';

export const setupRoot = [...adminKey, 'setup'] as const;

export const setupQuery = () => queryOptions({ queryKey: setupRoot, queryFn: () => callAwait<AdminSetupInfo>('/api/admin/setup/info') });
export const useSetupInfo = () => useQuery(setupQuery());

export function useSetupSave() {
  const client = useQueryClient();
  return useMutation({
    // Field messages are shown at the field by the form, so no toast here.
    mutationFn: (input: AdminSetupSave) => callAwait<AdminSetupInfo>('/api/admin/setup/save', { data: input, silent: true }),
    onSuccess: (info) => {
      // Said here: the form starts afresh on the saved values, so its own callbacks do not run.
      toast.success(koAdmin.saved);
      client.setQueryData(setupRoot, info);
      // The footer and tagline of this page follow at once.
      return client.invalidateQueries({ queryKey: siteQuery().queryKey });
    },
  });
}
