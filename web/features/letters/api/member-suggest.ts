import { queryOptions } from '@tanstack/react-query';
import type { MemberSuggestion } from '../../../../common/api/letters';
import { callAwait } from '../../../api/call';
import { letterKeys } from './keys';

/** /api/letter/member/suggest: up to 10 members whose userId or nickname starts with q. */
export const fetchMemberSuggest = (q: string) => callAwait<MemberSuggestion[]>('/api/letter/member/suggest', { data: { q }, silent: true });

export const memberSuggestQuery = (q: string) =>
  queryOptions({ queryKey: letterKeys.suggest(q), queryFn: () => fetchMemberSuggest(q), staleTime: 60_000 });
