import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketAlertList } from '../../../../common/api/market-alerts';
import { callAwait } from '../../../api/call';
import { marketAlertsRoot } from './keys';

/** /api/market/alert/list: the caller's price alerts, newest first, and how many they may keep. */
export const fetchMarketAlerts = () => callAwait<MarketAlertList>('/api/market/alert/list', { data: {} });
export const useMarketAlerts = (enabled = true) => useQuery({ queryKey: marketAlertsRoot, queryFn: fetchMarketAlerts, enabled });

/** /api/market/alert/delete: one of the caller's own. (Saving is 알림 받기, web/ui/market-alert-button.tsx.) */
export const postMarketAlertDelete = (alertKey: number) => callAwait<{ ok: true }>('/api/market/alert/delete', { data: { alertKey } });

export function useDeleteMarketAlert() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postMarketAlertDelete, onSuccess: () => client.invalidateQueries({ queryKey: marketAlertsRoot }) });
}
