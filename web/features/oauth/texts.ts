// The completion step's words (docs/product/sign-in.md#kakao-and-naver); the nickname's label and
// the terms' are web/i18n/ko-sign-up.ts, shared with the join page.
import { PROVIDER_NAME, type OAuthProvider } from '../../../common/api/oauth';

export const koOAuthPage = {
  title: '간편 가입 마치기',
  intro: (p: OAuthProvider) => `${PROVIDER_NAME[p]} 계정으로 처음 오셨습니다. 찰칵에서 쓸 닉네임을 정하고 약관에 동의하시면 가입이 끝납니다.`,
  email: (email: string) => `${email} 주소를 확인된 이메일로 회원 정보에 넣습니다.`,
  noPassword: '간편 가입 회원은 암호 없이 이 계정으로 로그인합니다. 암호는 나중에 메일로 암호 찾기를 해서 정할 수 있습니다.',
  nickNameHint: '2~20자. 다른 회원과 비슷하거나 운영에 쓰는 이름은 쓸 수 없습니다.',
  termsText:
    '다른 회원을 존중하고, 타인의 저작물과 개인정보를 함부로 올리지 않으며, 장터에서는 정직하게 거래해 주세요. ' +
    '간편 로그인으로 받은 정보는 회원 관리에만 사용합니다.',
  submit: '가입하기',
  existingTitle: '이미 찰칵 회원이신가요?',
  existingIntro: (p: OAuthProvider) => `아이디와 암호로 한 번 로그인하시면 ${PROVIDER_NAME[p]} 계정을 그 계정에 연결합니다.`,
  userId: '아이디',
  password: '암호',
  link: '연결하고 로그인',
  expiredTitle: '간편 로그인을 다시 시작해 주세요',
  home: '홈으로',
} as const;
