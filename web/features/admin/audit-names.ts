// Korean names of the audit log's action codes and target kinds. The codes stay the record's
// key (and what the filter matches); the page shows these names beside them.

const ACTIONS: Record<string, string> = {
  'board.create': '게시판 만들기',
  'board.save': '게시판 수정',
  'board.delete': '게시판 삭제',
  'board.order': '게시판 순서 변경',
  'board.categoryMerge': '게시판 분류 합치기',
  'program.save': '프로그램 저장',
  'program.delete': '프로그램 삭제',
  'menu.save': '메뉴 저장',
  'menu.order': '메뉴 순서 변경',
  'setup.save': '커뮤니티 설정 저장',
  'logo.save': '로고 저장',
  'logo.delete': '로고 삭제',
  'logo.activate': '로고 사용',
  'logo.deactivate': '로고 사용 중지',
  'user.save': '회원 정보 수정',
  'user.points': '회원 포인트 조정',
  'user.suspend': '회원 정지',
  'user.restore': '회원 정지 해제',
  'donation.save': '후원 기록 저장',
  'donation.delete': '후원 기록 삭제',
  'report.resolve': '신고 처리',
  'product.save': '제품 저장',
  'product.delete': '제품 삭제',
  'product.hide': '제품 숨기기',
  'product.merge': '제품 합치기',
  'product.catalogueUpdate': '제품 카탈로그 갱신',
  'productMap.save': '제품 연결 규칙 저장',
  'productMap.delete': '제품 연결 규칙 삭제',
};

const KINDS: Record<string, string> = {
  board: '게시판',
  program: '프로그램',
  menu: '메뉴',
  setup: '커뮤니티 설정',
  logo: '로고',
  user: '회원',
  donation: '후원',
  post: '게시글',
  comment: '댓글',
  letter: '쪽지',
  market: '장터 글',
  gallery: '갤러리 사진',
  product: '제품',
  productMap: '제품 연결 규칙',
  catalogue: '제품 카탈로그',
};

/** The Korean name of an action code; an unknown code reads as itself. */
export const actionName = (code: string) => ACTIONS[code] ?? code;

/** The Korean name of a target kind; an unknown kind reads as itself. */
export const targetKindName = (kind: string) => KINDS[kind] ?? kind;

/** Every named action code, for the filter's choices and the test that none is missing. */
export const ACTION_CODES = Object.keys(ACTIONS);

/** Areas (the part before the dot) with their Korean names: a filter on one finds all its actions. */
export const ACTION_AREAS = [...new Set(ACTION_CODES.map((c) => c.split('.')[0]!))].map((area) => ({ area, name: targetKindName(area) }));

/** Every named target kind, for the filter's choices. */
export const TARGET_KINDS = Object.keys(KINDS);
