// What a new community starts with: levels, menu, boards and site pages, in Korean.
import { LIST_NAMES } from '../../common/constants.js';

export const DEFAULT_LEVELS = [
  { name: '새내기', minPoints: 0, canMarket: false },
  { name: '입문', minPoints: 100, canMarket: true },
  { name: '중급', minPoints: 1_000, canMarket: true },
  { name: '고급', minPoints: 5_000, canMarket: true },
  { name: '명인', minPoints: 20_000, canMarket: true },
];

export const DEFAULT_PROGRAMS = [
  { id: 'all-list', name: LIST_NAMES.all, url: '/all/list' },
  { id: 'all-topic', name: LIST_NAMES.topic, url: '/all/topic' },
  { id: 'board-free', name: '자유게시판', url: '/board/free/c0/list' },
  { id: 'board-notice', name: '공지사항', url: '/board/notice/c0/list' },
  { id: 'market', name: '중고장터', url: '/market/c0/list' },
  { id: 'today-photo', name: '오늘의 사진', url: '/today/photo/list' },
  { id: 'my-gallery', name: '내 갤러리', url: '/gallery/my/list' },
  { id: 'product-body', name: '카메라 바디', url: '/info/body/canon/list' },
  { id: 'product-lens', name: '렌즈', url: '/info/lens/canon/list' },
  { id: 'product-flash', name: '플래시', url: '/info/flash/all/list' },
  { id: 'product-all', name: '제조사 전체', url: '/info/body/all/list' },
  { id: 'help', name: '도움말', url: '/board/manual/c0/list' },
  { id: 'donate', name: '후원', url: '/donate/thanks' },
];

type MenuSeed = { group: string; icon: string; items: Array<{ program: string; shortKey: string; icon: string }> };

export const DEFAULT_MENU: MenuSeed[] = [
  {
    group: '커뮤니티',
    icon: 'pi pi-comments',
    items: [
      { program: 'all-list', shortKey: 'A', icon: 'pi pi-list' },
      { program: 'all-topic', shortKey: 'T', icon: 'pi pi-star' },
      { program: 'board-free', shortKey: 'F', icon: 'pi pi-comment' },
      { program: 'board-notice', shortKey: 'N', icon: 'pi pi-megaphone' },
    ],
  },
  {
    group: '장터',
    icon: 'pi pi-shopping-cart',
    items: [{ program: 'market', shortKey: 'M', icon: 'pi pi-shopping-bag' }],
  },
  {
    group: '사진',
    icon: 'pi pi-camera',
    items: [
      { program: 'today-photo', shortKey: 'P', icon: 'pi pi-sun' },
      { program: 'my-gallery', shortKey: 'G', icon: 'pi pi-images' },
    ],
  },
  {
    group: '제품 정보',
    icon: 'pi pi-box',
    items: [
      { program: 'product-body', shortKey: 'C', icon: 'pi pi-camera' },
      { program: 'product-lens', shortKey: 'L', icon: 'pi pi-circle' },
      { program: 'product-flash', shortKey: 'B', icon: 'pi pi-bolt' },
      { program: 'product-all', shortKey: 'I', icon: 'pi pi-th-large' },
    ],
  },
  {
    group: '정보',
    icon: 'pi pi-info-circle',
    items: [
      { program: 'help', shortKey: 'Q', icon: 'pi pi-question-circle' },
      { program: 'donate', shortKey: 'D', icon: 'pi pi-heart' },
    ],
  },
];

export const DEFAULT_BOARDS = [
  {
    id: 'free',
    name: '자유게시판',
    description: '회원 누구나 자유롭게 이야기를 나누는 곳입니다.',
    sort: 1,
    adminOnly: false,
    categories: ['잡담', '질문', '사진 이야기', '정보'],
  },
  { id: 'notice', name: '공지사항', description: '운영진의 알림입니다.', sort: 2, adminOnly: true, categories: ['공지'] },
  { id: 'manual', name: '도움말', description: '사이트 이용 안내입니다.', sort: 3, adminOnly: true, categories: ['이용 안내'] },
  { id: 'site', name: '사이트 안내', description: '찰칵 소개, 이용약관, 연혁 등', sort: 4, adminOnly: true, categories: ['안내'] },
];

/** Fixed keys: the footer links to /board/site/view/6 … 9 (docs/product/boards.md#boards). */
export const DEFAULT_POSTS = [
  {
    key: 1,
    boardId: 'notice',
    notice: true,
    subject: '찰칵에 오신 것을 환영합니다',
    content:
      '<p>사진을 사랑하는 분들의 모임, 찰칵입니다.</p><p>게시판, 중고장터, 갤러리를 자유롭게 이용해 주세요.</p>',
  },
  {
    key: 2,
    boardId: 'manual',
    notice: false,
    subject: '처음 오신 분께',
    content:
      '<p>회원 가입 후 로그인하면 글쓰기, 쪽지, 스크랩, 내 공간을 이용할 수 있습니다.</p><p>키보드의 H 키를 누르면 언제든 첫 화면으로 돌아갑니다.</p>',
  },
  {
    key: 3,
    boardId: 'manual',
    notice: false,
    subject: '단축키 안내',
    content: '<p>메뉴 옆에 표시된 글자 키를 누르면 해당 화면으로 바로 이동합니다. 글쓰기 화면에서는 단축키가 꺼집니다.</p>',
  },
  {
    key: 4,
    boardId: 'free',
    notice: false,
    subject: '첫 글입니다. 반갑습니다!',
    content: '<p>자유게시판이 열렸습니다. 사진 이야기, 장비 이야기 모두 환영합니다.</p>',
  },
  {
    key: 5,
    boardId: 'manual',
    notice: false,
    subject: '개인정보 처리방침',
    content: '<p>찰칵은 회원 가입과 서비스 제공에 필요한 최소한의 정보만 보관합니다.</p>',
  },
  {
    key: 6,
    boardId: 'site',
    notice: false,
    subject: 'ABOUT — 찰칵 소개',
    content: '<p>찰칵은 2000년에 문을 연 사진 동호회 커뮤니티입니다. Since 2000.</p>',
  },
  {
    key: 7,
    boardId: 'site',
    notice: false,
    subject: 'SPECIAL THANKS — 고마운 분들',
    content: '<p>찰칵을 함께 만들어 주신 모든 회원과 후원자께 감사드립니다.</p>',
  },
  {
    key: 8,
    boardId: 'site',
    notice: false,
    subject: 'TERMS AND CONDITIONS — 이용약관',
    content:
      '<p>제1조 (목적) 이 약관은 찰칵이 제공하는 서비스의 이용 조건과 절차를 정합니다.</p><p>제2조 (회원의 의무) 회원은 다른 회원을 존중하고 관련 법령을 지켜야 합니다.</p>',
  },
  {
    key: 9,
    boardId: 'site',
    notice: false,
    subject: 'HISTORY — 연혁',
    content: '<p>2000년 찰칵 개설</p><p>2026년 새 사이트 공개</p>',
  },
];

export const DEFAULT_LOGO = {
  image: '/images/anniversary.svg',
  imageUrl: '/board/site/view/9',
  name: '찰칵 개설 26주년',
  year: '2026',
  active: true,
};
