// The scrap list's words.
export const koFavorites = {
  title: '스크랩',
  intro: '스크랩한 글을 모아 봅니다.',
  empty: '스크랩한 글이 없습니다.',
  loading: '스크랩 목록을 불러오는 중입니다…',
  loginPrompt: '스크랩 목록은 로그인한 회원만 볼 수 있습니다.',
  login: '로그인',
  scrappedAt: '스크랩한 날',
  remove: '삭제',
  removeLabel: (subject: string) => `${subject} 스크랩 삭제`,
  confirmRemove: '삭제할까요?',
  removed: '스크랩을 삭제했습니다.',
  listLabel: '스크랩 목록',
  total: (n: string) => `모두 ${n}개입니다.`,
} as const;
