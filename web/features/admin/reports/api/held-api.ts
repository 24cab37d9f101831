// Held content in the report queue (docs/product/spam.md): what members held for review wrote,
// 50 a page, released (shown to everyone) or removed. Administrators only.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HeldDecision, HeldPage } from '../../../../../common/api/spam';
import { callAwait } from '../../../../api/call';
import { adminKey } from '../../shared/api/keys';

export type HeldRow = HeldPage['items'][number];

const heldRoot = [...adminKey, 'report', 'held'] as const;

export const useHeldList = (page: number) =>
  useQuery({
    queryKey: [...heldRoot, page] as const,
    queryFn: () => callAwait<HeldPage>('/api/admin/report/held/list', { data: { page } }),
    placeholderData: keepPreviousData,
  });

function useDecision(path: 'release' | 'remove') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HeldDecision) => callAwait<{ message: string }>(`/api/admin/report/held/${path}`, { data: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey }),
  });
}

export const useHeldRelease = () => useDecision('release');
export const useHeldRemove = () => useDecision('remove');
