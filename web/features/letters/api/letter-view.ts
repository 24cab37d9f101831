import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LetterView } from '../../../../common/api/letters';
import { callAwait } from '../../../api/call';
import { type Box, letterKeys } from './keys';

/** /api/letter/receive/view and /api/letter/send/view; opening an inbox letter reads it. */
export const fetchLetterView = (box: Box, letterKey: number) => callAwait<LetterView>(`/api/letter/${box}/view`, { data: { letterKey } });

export const letterViewQuery = (box: Box, letterKey: number) =>
  queryOptions({ queryKey: letterKeys.view(box, letterKey), queryFn: () => fetchLetterView(box, letterKey), staleTime: 0 });

export const useLetterView = (box: Box, letterKey: number | null) =>
  useQuery({ ...letterViewQuery(box, letterKey ?? 0), enabled: letterKey !== null });
