// The new-member rules (docs/product/spam.md): /api/admin/spam/settings and its save.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SpamSettings, SpamSettingsInfo } from '../../../../../common/api/spam';
import { callAwait } from '../../../../api/call';
import { adminKey } from '../../shared/api/keys';

const spamRoot = [...adminKey, 'spam-settings'] as const;

export const useSpamSettings = () => useQuery({ queryKey: spamRoot, queryFn: () => callAwait<SpamSettingsInfo>('/api/admin/spam/settings') });

export function useSpamSettingsSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SpamSettings) => callAwait<SpamSettingsInfo>('/api/admin/spam/settings/save', { data: input }),
    onSuccess: (info) => client.setQueryData(spamRoot, info),
  });
}
