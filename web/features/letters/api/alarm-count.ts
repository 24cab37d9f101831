import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAwait } from '../../../api/call';
import { alarmKeys } from './keys';

/** /api/letter/alarm: the number of unread alarms. Errors are silent (docs/product/letters.md#unread-indicators). */
export const fetchAlarmCount = () => callAwait<number>('/api/letter/alarm', { silent: true });

export const alarmCountQuery = (poll: number | false) =>
  queryOptions({ queryKey: alarmKeys.count, queryFn: fetchAlarmCount, staleTime: 0, refetchInterval: poll, refetchIntervalInBackground: false });

export const useAlarmCount = (enabled: boolean, poll: number | false = false) => useQuery({ ...alarmCountQuery(poll), enabled });
