// The site search page's words (docs/product/search.md).
import type { SearchKind } from '../../../common/api/search';
import { subject } from '../../../common/korean';

export const koSearch = {
  title: '통합 검색',
  titleOf: (q: string) => `‘${q}’ 검색 결과`,
  label: '검색어',
  submit: '검색',
  placeholder: '글, 장터, 갤러리, 회원, 제품에서 찾기',
  intro: '게시판의 글, 장터 매물, 갤러리 사진, 회원 별명, 제품 정보를 한 번에 찾습니다.',
  noQuery: '찾을 말을 입력해 주세요. 두 글자 낱말도 찾습니다.',
  loading: '찾는 중입니다…',
  failed: '검색하지 못했습니다.',
  retry: '다시 시도',
  nothing: (q: string) => `‘${q}’에 맞는 결과가 없습니다.`,
  kindEmpty: (kind: string) => `맞는 ${subject(kind)} 없습니다.`,
  kindsLabel: '검색할 종류',
  all: '전체',
  count: (n: string, capped: boolean) => (capped ? `${n}건 이상` : `${n}건`),
  more: (kind: string) => `${kind} 더 보기`,
  inMarket: '장터에서 조건을 더해 찾기',
  inBoard: (board: string) => `${board}에서 찾기`,
  /** Where the counting of posts stops (the boards' own search goes further back). */
  cappedNote: '게시판마다 최근 글에서 찾습니다. 더 오래된 글은 각 게시판의 검색에서 이어 찾을 수 있습니다.',
  resultsLabel: (kind: string) => `${kind} 검색 결과`,
  comments: (n: string) => `댓글 ${n}`,
  won: (n: string) => `${n}원`,
  memberPlace: '회원',
  pageLabel: (kind: string) => `${kind} 검색 결과 페이지`,
} as const;

/** Each kind's name, in the order the page shows them. */
export const KIND_NAMES: Record<SearchKind, string> = {
  post: '게시글',
  market: '장터 매물',
  gallery: '갤러리 사진',
  member: '회원',
  product: '제품',
};
export const KIND_ORDER: SearchKind[] = ['post', 'market', 'gallery', 'member', 'product'];
