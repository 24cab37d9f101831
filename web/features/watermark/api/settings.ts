import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WatermarkSave, WatermarkSettings } from '../../../../common/api/watermark';
import { callAwait } from '../../../api/call';

export const watermarkKey = ['gallery', 'watermark'] as const;

/** /api/gallery/watermark: the member's watermark and credit choices. */
const fetchWatermark = () => callAwait<WatermarkSettings>('/api/gallery/watermark', { silent: true });

export const useWatermark = (enabled: boolean) =>
  useQuery({ ...queryOptions({ queryKey: watermarkKey, queryFn: fetchWatermark, staleTime: 0, retry: false }), enabled });

/** /api/gallery/watermark/save: answers the settings as saved. */
export function useSaveWatermark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: WatermarkSave) => callAwait<WatermarkSettings>('/api/gallery/watermark/save', { data: form }),
    onSuccess: (saved) => client.setQueryData(watermarkKey, saved),
  });
}
