// My gear calls (common/api/gear.ts): the list (anyone's), the caller's suggestions, and the
// writes, each refreshing the lists and suggestions it changes.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GearList, GearSave, GearSuggestion } from '../../../../common/api/gear';
import { callAwait } from '../../../api/call';

export const gearKey = ['gear'] as const;
const listRoot = [...gearKey, 'list'] as const;
const suggestionsKey = [...gearKey, 'suggestions'] as const;
/** The pickers' search answers are kept under this root. */
export const gearProductSearchRoot = [...gearKey, 'product-search'] as const;

/** /api/gear/list: a member's list as the caller may see it (a private one empty for others). */
export const gearListQuery = (userId: string) =>
  queryOptions({ queryKey: [...listRoot, userId] as const, queryFn: () => callAwait<GearList>('/api/gear/list', { data: { userId } }), staleTime: 0 });
export const useGearList = (userId: string, enabled = true) => useQuery({ ...gearListQuery(userId), enabled });

/** /api/gear/suggestions: products the caller's photos name that the list does not hold. */
export const useGearSuggestions = (enabled: boolean) =>
  useQuery({
    queryKey: suggestionsKey,
    queryFn: async () => (await callAwait<{ items: GearSuggestion[] }>('/api/gear/suggestions')).items,
    staleTime: 0,
    enabled,
  });

function useGearWrite<T>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: T) => callAwait<unknown>(path, { data }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: listRoot }), client.invalidateQueries({ queryKey: suggestionsKey })]),
  });
}

export const useSaveGear = () => useGearWrite<GearSave>('/api/gear/save');
export const useDeleteGear = () => useGearWrite<{ gearKey: number }>('/api/gear/delete');
export const useOrderGear = () => useGearWrite<{ gearKeys: number[] }>('/api/gear/order');
export const useGearPrivacy = () => useGearWrite<{ private: boolean }>('/api/gear/privacy');
export const useDismissGear = () => useGearWrite<{ productKey: string }>('/api/gear/dismiss');
