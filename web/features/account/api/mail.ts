// Mail calls (docs/api.md#mail): address verification and the password reset by a mailed link.
import { useMutation } from '@tanstack/react-query';
import type { ResetByLink } from '../../../../common/api/mail';
import { callAwait } from '../../../api/call';

type Message = { message: string };

/** /api/mail/verify/send: the verification mail to the member's address, again. */
export const useSendVerification = () => useMutation({ mutationFn: () => callAwait<Message>('/api/mail/verify/send') });

/** /api/public/mail/verify: the token of the opened link. Its refusal is shown on the page, not as a toast. */
export const postVerifyEmail = (token: string) => callAwait<Message>('/api/public/mail/verify', { data: { token }, silent: true });

/** /api/public/find/email: a reset link by mail. The answer is the same whether or not the account matched. */
export const useResetByMail = () =>
  useMutation({ mutationFn: (form: { userId: string; email: string }) => callAwait<Message>('/api/public/find/email', { data: form }) });

/** /api/public/find/email/check: is the reset link still good? */
export const postResetLinkCheck = (token: string) => callAwait<{ valid: boolean }>('/api/public/find/email/check', { data: { token }, silent: true });

/** /api/public/find/email/reset: the new password through the link. */
export const useResetByLink = () => useMutation({ mutationFn: (form: ResetByLink) => callAwait<Message>('/api/public/find/email/reset', { data: form }) });
