// The first administrator's one-time setup link (docs/operations.md#first-start,
// docs/api.md#two-step-sign-in): using it signs the administrator in and leads to setting up the
// second step, and, when the site made the password, to choosing one.
import { z } from 'zod';
import { msg, passwordRule, rePasswordRule } from '../validation.js';

export const SETUP_LINK_MSG = {
  bad: '설정 링크가 올바르지 않습니다. 서버에 표시된 링크를 그대로 열어 주세요.',
  spent: '이미 사용했거나 기간이 지난 설정 링크입니다. 서버에서 `npm run admin:setup-link`로 새 링크를 만들어 주세요.',
} as const;

/** /api/auth/setup-link: the token from the link's `#` part. */
export const SetupLinkForm = z.strictObject({
  token: z.string({ error: SETUP_LINK_MSG.bad }).regex(/^[A-Za-z0-9_-]{43}$/, SETUP_LINK_MSG.bad),
});
export type SetupLinkForm = z.infer<typeof SetupLinkForm>;

/**
 * The administrator is signed in; `setPassword` when the site made the password (no
 * ADMIN_PASSWORD); `secondStep: 'totp'` when two-step sign-in is on already (a link printed again
 * by the command): the session waits for a code as after a password.
 */
export const SetupLinkResult = z.object({ userId: z.string(), setPassword: z.boolean(), secondStep: z.literal('totp').optional() });
export type SetupLinkResult = z.infer<typeof SetupLinkResult>;

/** /api/auth/setup-link/password: the administrator's own password, typed twice. */
export const SetupPasswordForm = z
  .strictObject({ password: passwordRule, rePassword: rePasswordRule })
  .refine((f) => f.password === f.rePassword, { message: msg.mismatch, path: ['rePassword'] });
export type SetupPasswordForm = z.infer<typeof SetupPasswordForm>;
