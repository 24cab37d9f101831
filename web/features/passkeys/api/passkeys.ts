// Passkey calls (docs/api.md#passkeys) for the passkeys page: the list, registration (the
// ceremony is in ceremony.ts), rename and remove.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasskeyList } from '../../../../common/api/passkeys';
import { callAwait } from '../../../api/call';
import { registerFlow } from './ceremony';

export const passkeysKey = ['passkeys'] as const;

export const fetchPasskeys = () => callAwait<PasskeyList>('/api/auth/passkeys', { silent: true });
export const passkeysQuery = () => queryOptions({ queryKey: passkeysKey, queryFn: fetchPasskeys, staleTime: 0, retry: false });
export const usePasskeys = (enabled: boolean) => useQuery({ ...passkeysQuery(), enabled });

export function useRegisterPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: registerFlow,
    onSuccess: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; name: string }) => callAwait('/api/auth/passkey/rename', { data: v }),
    onSuccess: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useDeletePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string }) => callAwait('/api/auth/passkey/delete', { data: { id: v.id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}
