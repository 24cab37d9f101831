// The Kakao and Naver sign-in buttons' words (login popup, inline login, join page, my-info).
import type { OAuthProvider } from '../../common/api/oauth';

export const koOAuth = {
  /** Each provider's own wording from its brand guide. */
  start: { kakao: '카카오로 시작하기', naver: '네이버로 로그인' } satisfies Record<OAuthProvider, string>,
  group: '간편 로그인',
  or: '또는',
} as const;
