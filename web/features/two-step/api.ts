// Two-step sign-in calls (docs/api.md#two-step-sign-in).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { RecoveryCodes, TotpSetup, TotpStatus, TotpVerified } from '../../../common/api/two-step';
import { callAwait } from '../../api/call';

export const twoStepKey = ['two-step', 'status'] as const;
export const useTwoStepStatus = (enabled: boolean) =>
  useQuery({ queryKey: twoStepKey, queryFn: () => callAwait<TotpStatus>('/api/auth/totp/status'), enabled, staleTime: 0 });

export const useReauth = () => useMutation({ mutationFn: (password: string) => callAwait<unknown>('/api/user/myInfo', { data: { password } }) });
export const useSetup = () => useMutation({ mutationFn: () => callAwait<TotpSetup>('/api/auth/totp/setup') });
export const useEnable = () => useMutation({ mutationFn: (code: string) => callAwait<RecoveryCodes>('/api/auth/totp/enable', { data: { code } }) });
export const useDisable = () =>
  useMutation({ mutationFn: (form: { password: string; code: string }) => callAwait<{ ok: true }>('/api/auth/totp/disable', { data: form }) });
export const useRenew = () => useMutation({ mutationFn: (password: string) => callAwait<RecoveryCodes>('/api/auth/totp/recovery', { data: { password } }) });
export const useVerify = () => useMutation({ mutationFn: (code: string) => callAwait<TotpVerified>('/api/auth/totp/verify', { data: { code } }) });
