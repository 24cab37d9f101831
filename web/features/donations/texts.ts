// The donations' thank-you page's words.

export const koThanks = {
  intro: '찰칵을 아끼고 후원해 주신 분들입니다. 보내 주신 마음 덕분에 서버와 도메인을 이어 가고 있습니다.',
  years: '연도 고르기',
  yearTab: (y: number) => `${y}년`,
  listLabel: (y: number) => `${y}년 후원해 주신 분들`,
  total: (y: number, sum: string) => `${y}년 공개된 후원 합계 ${sum}원`,
  count: (n: string) => `${n}분이 후원해 주셨습니다`,
  privateAmount: '금액 비공개',
  emptyTitle: '아직 후원 기록이 없습니다',
  emptyBody: '첫 번째 후원자가 되어 주세요. 작은 마음도 찰칵을 이어 가는 큰 힘이 됩니다.',
  loading: '후원 기록을 불러오는 중입니다',
} as const;
