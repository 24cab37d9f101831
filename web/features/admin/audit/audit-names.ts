// Korean names of the audit log's action codes and target kinds. The codes stay the record's
// key (and what the filter matches); the page shows these names beside them.
import { REPORT_OUTCOME_LABEL, REPORT_STATUS_LABEL } from '../../../../common/api/reports';
import { formatDateTime } from '../../../../common/format';

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
  'report.restore': '가린 내용 되돌리기',
  // Spam (docs/product/spam.md).
  'held.release': '보류된 내용 공개',
  'held.remove': '보류된 내용 삭제',
  'spam.settings': '스팸 방지 설정 저장',
  // Administrators and board managers (docs/product/board-managers.md).
  'post.move': '게시글 옮기기',
  'post.notice': '공지 지정·해제',
  'product.save': '제품 저장',
  'product.delete': '제품 삭제',
  'product.hide': '제품 숨기기',
  'product.merge': '제품 합치기',
  'product.catalogueUpdate': '제품 카탈로그 갱신',
  'product.exifAssign': 'EXIF 이름을 제품에 넣기',
  'product.exifIgnore': 'EXIF 이름 무시',
  'product.exifUnignore': 'EXIF 이름 무시 해제',
  'productMap.save': '제품 연결 규칙 저장',
  'productMap.delete': '제품 연결 규칙 삭제',
  'market.save': '장터 매물 수정',
  'market.status': '장터 거래 상태 변경',
  'market.cancel': '장터 경매 취소',
  'market.delete': '장터 매물 삭제',
  'today.save': '오늘의 사진 지정',
  'today.delete': '오늘의 사진 취소',
  // A member's own security changes (two-step sign-in, decision 42).
  'twoStep.enable': '2단계 인증 켜기',
  'twoStep.disable': '2단계 인증 끄기',
  'twoStep.recoveryUsed': '복구 코드로 로그인',
  'twoStep.recoveryRenew': '복구 코드 새로 받기',
  'twoStep.operatorReset': '2단계 인증 초기화(운영자)',
  'setupLink.used': '관리자 설정 링크로 로그인',
  'setupLink.password': '설정 링크로 관리자 암호 정함',
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
  exifName: 'EXIF 이름',
  todayPhoto: '오늘의 사진',
  spam: '스팸 방지 설정',
  held: '보류된 내용',
};

// Field names of the records' before and after, by segment of the dotted name.
const FIELDS: Record<string, string> = {
  id: '아이디',
  name: '이름',
  description: '설명',
  sort: '순서',
  readLevel: '읽기 등급',
  writeLevel: '글쓰기 등급',
  commentLevel: '댓글 등급',
  adminOnly: '관리자 전용',
  noticeOnly: '공지 전용',
  hidden: '숨김',
  secretPosts: '비밀글 사용',
  answers: '답글 사용',
  pointsPost: '글 포인트',
  pointsComment: '댓글 포인트',
  categories: '분류',
  merged: '합친 분류',
  from: '원래',
  into: '합친 곳',
  posts: '옮긴 글',
  url: '주소',
  label: '이름',
  icon: '아이콘',
  visible: '보임',
  settings: '설정',
  siteName: '사이트 이름',
  tagline: '한 줄 소개',
  footerLinks: '바닥글 링크',
  joinOpen: '회원 가입 받기',
  realNameRequired: '실명 확인이 필요한 기능',
  points: '포인트',
  post: '글',
  comment: '댓글',
  recommended: '추천',
  dailyLogin: '하루 첫 로그인',
  emoticons: '이모티콘',
  levels: '등급',
  kind: '종류',
  year: '연도',
  image: '그림',
  imageUrl: '그림 주소',
  fileKey: '파일',
  active: '사용',
  startsOn: '시작일',
  endsOn: '종료일',
  donorNo: '후원 회원 번호',
  donorName: '후원자',
  anonymous: '익명',
  amount: '금액',
  amountPublic: '금액 공개',
  donatedOn: '후원일',
  message: '메시지',
  nickName: '닉네임',
  email: '이메일',
  levelId: '등급 번호',
  admin: '관리자',
  status: '상태',
  suspendedUntil: '정지 종료',
  suspendReason: '정지 사유',
  days: '기간(일)',
  reason: '사유',
  outcome: '처리',
  note: '메모',
  authorNo: '작성자 번호',
  reports: '신고 번호',
  newMemberDays: '새 회원 기간(일)',
  newMemberLevelId: '새 회원 등급 번호',
  postsPerHour: '새 회원 시간당 글 수',
  holdReports: '보류 신고 수',
  held: '보류',
  memberHoldEnded: '작성자 보류 끝남',
  deleted: '삭제',
  type: '종류',
  company: '제조사',
  brand: '브랜드',
  nameKo: '한글 이름',
  mount: '마운트',
  specs: '사양',
  exifMake: 'EXIF 제조사',
  exifNames: 'EXIF 이름',
  ignored: '무시',
  photos: '사진 수',
  announced: '발표일',
  focalMin: '최소 초점거리',
  focalMax: '최대 초점거리',
  apertureMin: '최소 조리개값',
  apertureMax: '최대 조리개값',
  cropFactor: '크롭 배율',
  pattern: '패턴',
  price: '가격',
  category: '분류',
  soldPrice: '판매 가격',
  bidCount: '입찰 수',
  cancelReason: '취소 사유',
  subject: '제목',
  condition: '상태 등급',
  tradeMethod: '거래 방법',
  region: '지역',
  day: '날짜',
  postKey: '글 번호',
  pickedBy: '고른 관리자',
  productKey: '제품',
};

/** A before/after field's Korean name: 'settings.tagline' reads 설정 › 한 줄 소개. */
export const fieldName = (path: string) =>
  path
    .split('.')
    .map((seg) => FIELDS[seg] ?? seg)
    .join(' › ');

// Coded values of some fields (by the field's last segment).
const VALUES: Record<string, Record<string, string>> = {
  // A member's status and a report's share 'suspended': 정지 reads right for both.
  status: { ...REPORT_STATUS_LABEL, active: '정상', withdrawn: '탈퇴', suspended: '정지' },
  outcome: REPORT_OUTCOME_LABEL,
};

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

/** A value as the page shows it: yes and no, coded values and instants (KST) in Korean, the rest
 * as the record has it. */
export function valueName(text: string | null, field = ''): string | null {
  if (text === null) return null;
  if (text === 'true') return '예';
  if (text === 'false') return '아니요';
  const coded = VALUES[field.split('.').at(-1) ?? '']?.[text];
  if (coded) return coded;
  return ISO_TIME.test(text) ? formatDateTime(text) || text : text;
}

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
