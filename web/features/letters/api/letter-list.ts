import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LetterPage } from '../../../../common/api/letters';
import { callAwait } from '../../../api/call';
import { type Box, letterKeys } from './keys';

/** /api/letter/receive/list and /api/letter/send/list: 20 a page, newest first. */
export const fetchLetterList = (box: Box, page: number) => callAwait<LetterPage>(`/api/letter/${box}/list`, { data: { page } });

export const letterListQuery = (box: Box, page: number) =>
  queryOptions({
    queryKey: [...letterKeys.list(box), page] as const,
    queryFn: () => fetchLetterList(box, page),
    // Letters arrive from other members at any time: ask again whenever the box opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useLetterList = (box: Box, page: number, enabled = true) => useQuery({ ...letterListQuery(box, page), enabled });
