// Today's photo: the list of the photos the administrators picked.

export const koToday = {
  title: '오늘의 사진',
  lead: '운영진이 날마다 고르는 회원의 사진입니다.',
  listLabel: '지난 오늘의 사진',
  empty: '아직 고른 오늘의 사진이 없습니다. 곧 첫 사진을 소개할게요.',
  loadFailed: '오늘의 사진을 불러오지 못했습니다.',
  pager: '오늘의 사진 페이지',
  view: '갤러리에서 크게 보기',
  viewLabel: (title: string) => `${title} 갤러리에서 크게 보기`,
  photographer: '사진가',
  date: (date: string) => `${date}의 사진`,
} as const;
