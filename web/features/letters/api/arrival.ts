import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAwait } from '../../../api/call';
import { letterKeys } from './keys';

/** /api/letter/arrival: the number of unread letters. Errors are silent (docs/product/letters.md#unread-indicators). */
export const fetchArrival = () => callAwait<number>('/api/letter/arrival', { silent: true });

export const arrivalQuery = (poll: number | false) =>
  queryOptions({ queryKey: letterKeys.arrival, queryFn: fetchArrival, staleTime: 0, refetchInterval: poll, refetchIntervalInBackground: false });

export const useArrival = (enabled: boolean, poll: number | false = false) => useQuery({ ...arrivalQuery(poll), enabled });
