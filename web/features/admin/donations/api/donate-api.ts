// Admin donation calls: the list (50 a page), save and delete; a write refreshes the list and the
// public thanks page.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminDonatePage, AdminDonateSave, AdminDonateSaved } from '../../../../../common/api/donations';
import { callAwait } from '../../../../api/call';
import { adminKey } from '../../shared/api/keys';

export type DonatePageData = z.infer<typeof AdminDonatePage>;
export type DonationRow = DonatePageData['items'][number];
export interface DonateListParams {
  page: number;
  search?: string;
  year?: number;
  sort: 'date' | 'amount';
}

const donateListRoot = [...adminKey, 'donate', 'list'] as const;
export const thanksRoot = ['donate', 'thanks'] as const;

export const useAdminDonations = (params: DonateListParams) =>
  useQuery({
    queryKey: [...donateListRoot, params] as const,
    queryFn: () => callAwait<DonatePageData>('/api/admin/donate/list', { data: params }),
    placeholderData: keepPreviousData,
  });

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: donateListRoot }), client.invalidateQueries({ queryKey: thanksRoot })]);
}

/** Field messages are shown at the field, so the call itself stays silent. */
export function useDonateSave() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: z.output<typeof AdminDonateSave>) => callAwait<z.infer<typeof AdminDonateSaved>>('/api/admin/donate/save', { data: input, silent: true }),
    onSuccess: refresh,
  });
}

export function useDonateDelete() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => callAwait('/api/admin/donate/delete', { data: { id } }), onSuccess: refresh });
}
