// The sign-up page's words; the nickname's label and the terms' are web/i18n/ko-sign-up.ts, shared
// with the Kakao/Naver completion step.
export const koJoin = {
  title: '회원 가입',
  intro: '찰칵 회원이 되시면 게시판 글쓰기, 쪽지, 스크랩, 개인 공간을 이용하실 수 있습니다.',
  userId: '아이디',
  userIdHint: '4~20자의 영문 소문자, 숫자, 밑줄(_)',
  password: '암호',
  passwordHint: '8자 이상. 영문 대문자, 소문자, 숫자를 섞으면 안전합니다.',
  rePassword: '암호 확인',
  nickNameHint: '2~20자',
  email: '이메일',
  question: '비밀번호 질문',
  questionHint: '암호를 잊었을 때 본인 확인에 씁니다. 예) 처음 산 카메라는?',
  answer: '비밀번호 답변',
  termsText:
    '찰칵은 회원 여러분의 사진과 글을 소중히 여깁니다. 다른 회원을 존중하고, 타인의 저작물과 개인정보를 함부로 올리지 않으며, ' +
    '장터에서는 정직하게 거래해 주세요. 가입 시 입력한 아이디, 닉네임, 이메일, 비밀번호 질문과 답변은 회원 관리와 암호 찾기에만 사용합니다.',
  submit: '가입하기',
  available: '사용 가능',
  taken: '이미 사용 중',
  checking: '확인 중…',
  done: '회원 가입이 완료되었습니다.',
} as const;
