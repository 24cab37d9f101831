// Sign-in with Kakao and Naver (docs/product/sign-in.md#kakao-and-naver, docs/api.md#kakao-and-naver).
import { z } from 'zod';
import { LABEL, msg, nickNameRule, requiredText } from '../validation.js';

export const OAUTH_PROVIDERS = ['kakao', 'naver'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
export const OAuthProvider = z.enum(OAUTH_PROVIDERS, { error: '카카오나 네이버를 골라 주세요.' });

/** The provider's name as members know it. */
export const PROVIDER_NAME: Record<OAuthProvider, string> = { kakao: '카카오', naver: '네이버' };

/** A page of this site to come back to: a path (not `//` or `/\`, which would leave the site). */
export const BACK_MSG = '돌아갈 주소가 올바르지 않습니다.';
const BackPath = z.string({ error: BACK_MSG }).max(300, BACK_MSG).regex(/^\/(?![/\\])[^\s\\]*$/, BACK_MSG);

/**
 * /api/auth/oauth/start: `login` signs in (or leads to the completion step); `link` adds the
 * provider to the signed-in member, after the my-info password prompt; `recheck` is the my-info
 * prompt itself, passed through the member's linked provider (a member without a password), and
 * comes back to `back` with `recheck=done`.
 */
export const OAuthStart = z.strictObject({
  provider: OAuthProvider,
  purpose: z.enum(['login', 'link', 'recheck'], { error: '용도는 login, link, recheck 중 하나입니다.' }).optional(),
  /** Keep the member signed in for 30 days after a sign-in (as the login form's box). */
  remember: z.boolean({ error: '로그인 유지는 true나 false로 보내 주세요.' }).optional(),
  /** recheck: the page to come back to (default `/`). */
  back: BackPath.optional(),
});
export type OAuthStart = z.input<typeof OAuthStart>;
export const OAuthStartResult = z.object({ url: z.string() });

/** /api/auth/oauth/pending: the provider account waiting for the completion step. */
export const OAuthPending = z.object({
  provider: OAuthProvider,
  /** The provider's verified address, when it gave one that no member holds; '' otherwise. */
  email: z.string(),
  /** The nickname the provider knows, as a suggestion ('' for none). */
  nickName: z.string(),
});
export type OAuthPending = z.infer<typeof OAuthPending>;

/** /api/auth/oauth/complete: a new member from the provider account. */
export const OAuthComplete = z.strictObject({
  nickName: nickNameRule,
  agree: z.literal('Y', { error: '이용약관과 개인정보 처리방침에 동의해 주세요.' }),
});
export type OAuthComplete = z.input<typeof OAuthComplete>;

/** /api/auth/oauth/link-login: an existing member signs in with the password once to link it. */
export const OAuthLinkLogin = z.strictObject({
  userId: requiredText(LABEL.userId, 20),
  password: z.string({ error: msg.required(LABEL.password) }).min(1, msg.required(LABEL.password)).max(100),
});
export type OAuthLinkLogin = z.input<typeof OAuthLinkLogin>;

/** A sign-in by the completion step; `secondStep: 'totp'` as the password login's: the session waits for the code. */
export const SignedIn = z.object({ userId: z.string(), message: z.string(), secondStep: z.literal('totp').optional() });

/** /api/auth/links: the member's linked providers and whether each may be unlinked. */
export const AuthLink = z.object({
  provider: OAuthProvider,
  linkedAt: z.string(),
  lastUsedAt: z.string(),
  canUnlink: z.boolean(),
});
export const AuthLinks = z.object({
  links: z.array(AuthLink),
  /** Providers the site offers that this member has not linked. */
  available: z.array(OAuthProvider),
  hasPassword: z.boolean(),
});
export type AuthLinks = z.infer<typeof AuthLinks>;

export const UnlinkForm = z.strictObject({ provider: OAuthProvider });

/**
 * /api/user/recheck/ways: how this member can pass my-info's re-check: the password (when they
 * have one), a fresh round trip through a linked provider, or a passkey that verifies the person.
 */
export const RecheckWays = z.object({
  password: z.boolean(),
  providers: z.array(OAuthProvider),
  passkey: z.boolean(),
});
export type RecheckWays = z.infer<typeof RecheckWays>;
