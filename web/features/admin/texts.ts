// The admin frame's words (every /system/... page) and the words its areas share: buttons, the
// pager, the product picker. Each area's own words are in its folder's texts.ts.
export const koAdmin = {
  // The frame every /system/... page shares
  title: '관리자',
  /** The frame's title for a board manager (only the pages meant for them). */
  managerTitle: '게시판 매니저',
  navLabel: '관리 메뉴',
  openNav: '관리 메뉴 열기',
  adminOnly: '관리자만 사용할 수 있는 화면입니다.',
  pager: '목록 페이지',
  edit: '수정',
  cancel: '취소',
  save: '저장',
  saved: '저장했습니다.',
  deleteAction: '삭제',
  none: '없음',
  picker: {
    placeholder: '이름이나 모델명으로 찾기 (예: 5d4, 24-70)',
    empty: '찾는 제품이 없습니다',
  },
} as const;
