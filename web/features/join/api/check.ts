import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckResult } from '../../../../common/api/session';
import { callAwait } from '../../../api/call';

export type CheckField = 'userId' | 'nickName' | 'email';

/** /api/public/check: whether a sign-up value is still free. Failures stay quiet. */
export const postCheck = (field: CheckField, value: string) =>
  callAwait<CheckResult>('/api/public/check', { data: { field, value }, silent: true });

export const checkQuery = (field: CheckField, value: string) =>
  queryOptions({
    queryKey: ['join', 'check', field, value] as const,
    queryFn: () => postCheck(field, value),
    enabled: value !== '',
    staleTime: 10_000,
  });

export const checkQueryPrefix = ['join', 'check'] as const;

export const useCheck = (field: CheckField, value: string) => useQuery(checkQuery(field, value));
