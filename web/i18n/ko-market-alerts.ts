// Korean text of price alerts and wanted ads where other features show them: 알림 받기 and its
// dialog (web/ui/market-alert-button.tsx) and a product page's 삽니다 section. The market's own
// words (the 가격 알림 page, the list's tabs, the form) are in web/features/market/texts.ts.
import { formatNumber } from '../../common/format';

const won = (n: number) => `${formatNumber(n)}원`;

export const koMarketAlerts = {
  set: '알림 받기',
  setHint: '이 조건에 맞는 매물이 올라오면 알려 드립니다.',
  saved: '가격 알림을 만들었습니다. 맞는 매물이 올라오면 알려 드립니다.',
  needWhat: '검색어나 제품을 정한 뒤에 알림을 받을 수 있습니다.',
  dialog: '가격 알림 만들기',
  maxPrice: '최고 가격 (선택)',
  maxPriceLow: '최고 가격은 1,000원 이상이어야 합니다.',
  save: '알림 만들기',
  cancel: '닫기',
  product: (name: string) => `제품: ${name}`,
  query: (q: string) => `검색어: ${q}`,
  max: (n: number) => `${won(n)} 이하`,
  orBetter: (label: string) => `${label} 이상`,
  /** A wanted ad's price range. */
  range: (min: number | null, max: number) => (min === null ? `${won(max)} 이하` : `${won(min)} ~ ${won(max)}`),
  wanted: {
    title: '삽니다',
    empty: '이 제품을 찾는 삽니다 글이 없습니다.',
    loading: '삽니다 글을 불러오는 중…',
    failed: '삽니다 글을 불러오지 못했습니다.',
    retry: '다시 시도',
    more: (n: number) => `삽니다 글 ${formatNumber(n)}건 모두 보기`,
    write: '이 제품 삽니다',
    listLabel: '이 제품을 찾는 삽니다 글',
  },
} as const;
