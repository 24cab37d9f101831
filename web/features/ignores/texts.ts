// The ignore list page's words (decision 46); the fold's and the button's are in web/i18n/ko-ignore.ts.

export const koIgnores = {
  title: '차단한 회원',
  intro: '차단한 회원의 글과 댓글, 장터·갤러리 글은 접혀 보이고, 쪽지와 언급·댓글 알림은 오지 않습니다. 상대에게는 알리지 않으며, 운영자는 차단할 수 없습니다.',
  listLabel: '차단한 회원 목록',
  pager: '차단한 회원 목록 쪽 이동',
  total: (n: string) => `모두 ${n}명`,
  since: (date: string) => `${date}부터`,
  undo: '차단 해제',
  undoLabel: (nick: string) => `${nick}님 차단 해제`,
  undone: (nick: string) => `${nick}님의 차단을 해제했습니다.`,
  empty: '차단한 회원이 없습니다. 회원의 글이나 개인 공간에서 차단할 수 있습니다.',
  loading: '차단한 회원을 불러오는 중입니다…',
  loadFailed: '차단한 회원을 불러오지 못했습니다.',
  retry: '다시 시도',
  loginPrompt: '로그인하면 차단한 회원을 볼 수 있습니다.',
  login: '로그인',
} as const;
