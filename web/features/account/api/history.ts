import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '../../../../common/api/account';
import { callAwait } from '../../../api/call';

export type HistoryKind = 'nick' | 'level';

/** /api/user/history/nick and /level: [{content, regDate}], newest first. */
export const fetchHistory = (kind: HistoryKind) => callAwait<HistoryEntry[]>(`/api/user/history/${kind}`);

export const historyKey = ['account', 'history'] as const;

export const historyQuery = (kind: HistoryKind) =>
  queryOptions({ queryKey: [...historyKey, kind] as const, queryFn: () => fetchHistory(kind), staleTime: 0 });

export const useHistory = (kind: HistoryKind) => useQuery(historyQuery(kind));
