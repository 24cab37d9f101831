import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { WithdrawalCheck, WithdrawalForm } from '../../../../common/api/account';
import { callAwait } from '../../../api/call';

/**
 * /api/user/out: deletes the account; a refusal (posts left, auctions running, wrong password, a
 * re-check that has expired) comes back as a toast. A member without a password sends `{}`.
 */
export const postWithdraw = (form: WithdrawalForm) => callAwait<{ message: string }>('/api/user/out', { data: form });

export const useWithdraw = () => useMutation({ mutationFn: postWithdraw });

/** /api/user/out/check: what holds the withdrawal now, read afresh each time the dialog opens. */
export const withdrawalCheckQuery = () =>
  queryOptions({ queryKey: ['account', 'withdrawal-check'] as const, queryFn: () => callAwait<WithdrawalCheck>('/api/user/out/check'), staleTime: 0, gcTime: 0 });

export const useWithdrawalCheck = () => useQuery(withdrawalCheckQuery());
