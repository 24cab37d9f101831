// Korean text of the 신고 button and its dialog (web/ui, shown by boards, comments and the
// market). The donation and report admin pages' words are in web/features/admin/donations and
// web/features/admin/reports; the public thanks page's in web/features/donations/texts.ts.

export const koReport = {
  button: '신고',
  buttonLabel: { post: '이 글 신고하기', comment: '이 댓글 신고하기', letter: '이 쪽지 신고하기', market: '이 장터 글 신고하기', gallery: '이 사진 신고하기' },
  commentLabel: (nick: string) => `${nick}님의 댓글 신고하기`,
  dialogTitle: { post: '글 신고', comment: '댓글 신고', letter: '쪽지 신고', market: '장터 글 신고', gallery: '사진 신고' },
  reason: '신고 사유',
  reasonHint: '관리자가 확인할 수 있도록 어떤 문제인지 적어 주세요. 300자까지.',
  send: '신고하기',
  cancel: '취소',
  done: '신고를 접수했습니다. 관리자가 확인한 뒤 알람으로 알려 드립니다.',
  hiddenForAdmin: '신고로 가려진 내용입니다. 관리자에게만 원문이 보입니다.',
} as const;

