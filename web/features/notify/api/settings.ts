import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotifySettings, NotifySettingsSave } from '../../../../common/api/notify';
import { callAwait } from '../../../api/call';

export const notifySettingsKey = ['notify', 'settings'] as const;

/** /api/notify/settings: the member's choices and whether mail can be turned on. */
export const fetchNotifySettings = () => callAwait<NotifySettings>('/api/notify/settings', { silent: true });

export const notifySettingsQuery = () => queryOptions({ queryKey: notifySettingsKey, queryFn: fetchNotifySettings, staleTime: 0, retry: false });

export const useNotifySettings = (enabled: boolean) => useQuery({ ...notifySettingsQuery(), enabled });

/** /api/notify/settings/save: answers the settings as saved. */
export function useSaveNotifySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: NotifySettingsSave) => callAwait<NotifySettings>('/api/notify/settings/save', { data: form }),
    onSuccess: (saved) => client.setQueryData(notifySettingsKey, saved),
  });
}
