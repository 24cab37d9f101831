import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadLetter } from '../../../../common/api/letters';
import { callAwait } from '../../../api/call';
import { letterKeys } from './keys';

/** /api/letter/unread: the drawer's unread letters, newest first. */
export const fetchUnread = () => callAwait<UnreadLetter[]>('/api/letter/unread');

export const unreadQuery = () => queryOptions({ queryKey: letterKeys.unread, queryFn: fetchUnread, staleTime: 0 });

export const useUnread = (enabled: boolean) => useQuery({ ...unreadQuery(), enabled });
