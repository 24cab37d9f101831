// Korean text of the automatic spam check (web/ui/spam-proof.tsx): the widget's own words and
// what a form says when the check does not finish. Loaded with the forms that use it.

/** ALTCHA's strings (altcha/types Strings), in our words; the footer and logo are hidden. */
export const koAltcha = {
  ariaLinkLabel: 'ALTCHA 안내 (새 창)',
  enterCode: '코드 입력',
  enterCodeAria: '들리는 코드를 입력해 주세요. 스페이스 바를 누르면 소리가 나옵니다.',
  enterCodeFromImage: '계속하려면 아래 그림의 코드를 입력해 주세요.',
  error: '자동 등록 방지 확인에 실패했습니다. 다시 시도해 주세요.',
  expired: '확인 시간이 지났습니다. 다시 확인합니다.',
  footer: '',
  getAudioChallenge: '소리로 코드 듣기',
  label: '자동 등록 방지 확인',
  loading: '불러오는 중…',
  reload: '다시 확인',
  verify: '확인',
  verificationRequired: '자동 등록 방지 확인이 필요합니다.',
  verified: '확인되었습니다',
  verifying: '자동 등록 방지 확인 중…',
  waitAlert: '확인하는 중입니다. 잠시만 기다려 주세요.',
  cancel: '취소',
} as const;

export const koSpam = {
  /** Under the form while the browser solves its challenge (only new members and sign-up). */
  solving: '자동 등록 방지 확인 중입니다. 잠시만 기다려 주세요.',
  failed: '자동 등록 방지 확인을 마치지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const;
