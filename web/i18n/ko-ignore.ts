// Korean text of ignoring a member (decision 46): the fold that lists and comments show, and the
// 차단하기 / 차단 해제 button (web/ui). The list page's own words are in web/features/ignores/texts.ts.

export const koIgnore = {
  fold: '차단한 회원의 글입니다',
  foldComment: '차단한 회원의 댓글입니다',
  /** A photo tile or a member's whole grid of photos (gallery, today's photo, a product's photos). */
  foldPhoto: '차단한 회원의 사진입니다',
  show: '보기',
  showLabel: (what: string) => `${what} 보기`,
  ignore: '차단하기',
  unignore: '차단 해제',
  ignoreLabel: (nick: string) => `${nick}님 차단하기`,
  unignoreLabel: (nick: string) => `${nick}님 차단 해제`,
  confirmHeader: '회원 차단',
  confirm: (nick: string) =>
    `${nick}님을 차단할까요? 이 회원의 글과 댓글, 장터·갤러리 글이 접혀 보이고, 쪽지와 언급·댓글 알림이 오지 않습니다. 상대에게는 알리지 않습니다.`,
  done: (nick: string) => `${nick}님을 차단했습니다.`,
  undone: (nick: string) => `${nick}님의 차단을 해제했습니다.`,
  ignoredMark: '차단한 회원',
} as const;
