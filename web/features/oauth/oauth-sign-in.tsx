// The Kakao and Naver buttons as one of the login forms' other ways to sign in (web/app/sign-in-ways.ts).
import type { SignInWayProps } from '../../shared/sign-in-ways';
import { OAuthButtons } from '../../ui/oauth-buttons';

export default function OAuthSignIn({ remember }: SignInWayProps) {
  return <OAuthButtons remember={remember} />;
}
