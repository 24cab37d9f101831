// The words of the sign-up fields both the join page and the Kakao/Naver completion step show
// (web/ui/sign-up-fields.tsx). Each page's own hint and terms summary stay in its texts.ts.

export const koSignUp = {
  nickName: '닉네임',
  terms: '이용약관',
  termsLink: '이용약관 전문 보기',
  agree: '이용약관과 개인정보 처리방침에 동의합니다',
} as const;
