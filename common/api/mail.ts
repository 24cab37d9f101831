// Mail calls (docs/api.md#mail): address verification, password reset by a mailed link and the
// one-click unsubscribe. Only when the site has mail on (SiteInfo.mail); otherwise they answer 404.
import { z } from 'zod';
import { LABEL, msg, passwordRule, rePasswordRule, requiredText } from '../validation.js';

const LINK_MSG = '메일의 링크를 다시 열어 주세요.';
/** A mailed link's token (43 base64url characters). */
const linkToken = z.string({ error: LINK_MSG }).regex(/^[A-Za-z0-9_-]{20,100}$/, LINK_MSG);

/** /api/public/mail/verify: the token of a verification link. */
export const VerifyLink = z.object({ token: linkToken });

/** /api/public/find/email: a reset link to the account's verified address. Always the same answer. */
export const ResetByMail = z.object({
  userId: requiredText(LABEL.userId, 20),
  email: requiredText(LABEL.email, 100).toLowerCase(),
});

/** /api/public/find/email/check: is the reset link still good? */
export const ResetLink = z.object({ token: linkToken });
export const ResetLinkState = z.object({ valid: z.boolean() });

/** /api/public/find/email/reset: the new password, set through the link. */
export const ResetByLink = z
  .object({
    token: linkToken,
    password: passwordRule,
    rePassword: rePasswordRule,
  })
  .refine((f) => f.password === f.rePassword, { message: msg.mismatch, path: ['rePassword'] });
export type ResetByLink = z.input<typeof ResetByLink>;

/** POST /api/mail/unsubscribe: what a mail client sends for one click (RFC 8058), or nothing. */
export const UnsubscribeBody = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }).nullish();

/** /api/mail/unsubscribe?t=…: the signed token of a mail's unsubscribe link. */
export const UnsubscribeQuery = z.object({ t: z.string({ error: '수신 거부 링크가 올바르지 않습니다.' }).min(10).max(400) });
