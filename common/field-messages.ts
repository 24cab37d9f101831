// Korean names of every field the calls take, and the message for a rule a schema states without
// words of its own (a missing field, a value of the wrong type, a length or range). The server's
// validator asks fieldMessage for every such issue (server/lib/validator.ts), so no call answers
// with the general "입력 값을 확인해 주세요." A field's own message in its schema always wins.
import type { z } from 'zod';
import { object, topic, toward } from './korean.js';
import { msg } from './validation.js';

/** A field's name by its key, wherever it appears. */
const LABEL: Record<string, string> = {
  action: '작업',
  active: '사용 여부',
  actor: '관리자',
  admin: '관리자 여부',
  adminOnly: '관리자 전용',
  agree: '약관 동의',
  alarmKey: '알람',
  amount: '금액',
  amountPublic: '금액 공개 여부',
  announced: '출시 연도',
  answer: '비밀번호 답변',
  apertureMax: '최대 조리개 값',
  apertureMin: '최소 조리개 값',
  articleKey: '글',
  auction: '경매',
  back: '돌아갈 주소',
  before: '기준 글',
  bidStep: '입찰 단위',
  birth: '생년월일',
  boardId: '게시판',
  brand: '상표',
  buyNow: '즉시 구매',
  buyNowPrice: '즉시 구매가',
  canMarket: '장터 판매 허용',
  caption: '사진 설명',
  categories: '분류',
  category: '분류',
  code: '분류 코드',
  comment: '댓글 포인트',
  commentKey: '댓글',
  commentLevel: '댓글 쓰기 등급',
  company: '제조사',
  condition: '상태 등급',
  content: '내용',
  create: '새로 만들기 여부',
  cropFactor: '크롭 배율',
  dailyLogin: '출석 포인트',
  date: '날짜',
  days: '정지 기간',
  description: '설명',
  donatedOn: '후원일',
  donorKind: '후원자 종류',
  donorName: '후원자',
  email: '이메일',
  emoticons: '이모티콘',
  endsAt: '마감 시각',
  endsOn: '종료일',
  exhibits: '전시할 사진',
  exifMake: 'EXIF 제조사 이름',
  exifNames: 'EXIF 모델 이름',
  favoriteKey: '스크랩',
  field: '확인할 항목',
  file: '파일',
  fileKey: '파일',
  files: '첨부 파일',
  focalMax: '최대 초점 거리',
  focalMin: '최소 초점 거리',
  footerLinks: '바닥글 링크',
  from: '시작일',
  galleryKey: '갤러리',
  groupId: '메뉴 그룹',
  groups: '메뉴 그룹',
  hidden: '숨김 여부',
  icon: '아이콘',
  id: '번호',
  ids: '게시판 순서',
  imageKeys: '제품 사진',
  imageUrl: '이미지 주소',
  index: '순서',
  into: '합칠 곳',
  items: '메뉴 항목',
  joinOpen: '가입 허용 여부',
  key: '글',
  kind: '종류',
  label: '이름',
  lens: '렌즈 이름',
  letterKey: '쪽지',
  levelId: '등급',
  levels: '등급',
  make: '제조사 이름',
  managers: '게시판 관리자',
  maxPrice: '최고 가격',
  message: '메시지',
  minPoints: '최소 포인트',
  minPrice: '최저 가격',
  model: '모델 이름',
  mount: '마운트',
  name: '이름',
  nameKo: '한글 이름',
  nickName: '닉네임',
  note: '메모',
  notice: '공지 여부',
  secret: '비밀글 여부',
  answerTo: '답글을 달 글',
  secretPosts: '비밀글 사용',
  answers: '답글 사용',
  noticeOnly: '공지만 쓰기',
  originalId: '원래 게시판 아이디',
  outcome: '결과',
  page: '페이지 번호',
  parentKey: '댓글',
  password: '암호',
  pattern: '패턴',
  photos: '사진',
  points: '포인트',
  pointsComment: '댓글 포인트',
  pointsPost: '글 포인트',
  post: '글 포인트',
  price: '가격',
  productKey: '제품',
  programId: '프로그램',
  provider: '간편 로그인 서비스',
  purpose: '용도',
  q: '검색어',
  question: '비밀번호 질문',
  rePassword: '암호 확인',
  readLevel: '읽기 등급',
  realNameRequired: '실명 인증 필요 여부',
  reason: '사유',
  receiver: '받는 사람',
  recommended: '추천 포인트',
  region: '지역',
  remember: '로그인 유지',
  requestId: '요청 번호',
  search: '검색어',
  searchField: '검색 범위',
  seller: '판매자',
  settings: '설정',
  shortKey: '단축키',
  siteName: '사이트 이름',
  soldPrice: '판매 가격',
  sort: '정렬',
  specs: '제품 사양',
  startPrice: '시작가',
  startsOn: '시작일',
  status: '상태',
  subject: '제목',
  tagline: '한 줄 소개',
  target: '여는 방식',
  targetKey: '대상',
  targetKind: '대상 종류',
  title: '제목',
  to: '종료일',
  tradeMethod: '거래 방법',
  type: '제품 종류',
  url: '주소',
  userId: '아이디',
  userNo: '회원',
  value: '값',
  visible: '보이기 여부',
  writeLevel: '쓰기 등급',
  year: '연도',
};

/**
 * Where a key means something else: by the call's area (the path between /api/ and the call's
 * last segment) and then `key` or `parent.key` (the array or object the field sits in).
 */
/** A passkey's answer as the browser gives it (RegistrationResponseJSON, AuthenticationResponseJSON). */
const PASSKEY_ANSWER: Record<string, string> = {
  name: '패스키 이름',
  credential: '패스키 응답',
  id: '패스키 아이디',
  rawId: '패스키 아이디',
  type: '패스키 종류',
  authenticatorAttachment: '인증기 종류',
  clientExtensionResults: '확장 기능 결과',
  credProps: '패스키 속성',
  rk: '검색 가능한 패스키 여부',
  response: '인증기 응답',
  clientDataJSON: '브라우저 데이터',
  attestationObject: '증명 데이터',
  authenticatorData: '인증기 데이터',
  transports: '연결 방식',
  publicKeyAlgorithm: '공개 키 알고리즘',
  publicKey: '공개 키',
  signature: '서명',
  userHandle: '사용자 핸들',
};

const AREA_LABEL: Record<string, Record<string, string>> = {
  board: {
    poll: '투표',
    'poll.question': '투표 질문',
    'poll.options': '선택지',
    'poll.multiple': '복수 선택 여부',
    'poll.maxChoices': '최대 선택 수',
    'poll.endsAt': '투표 마감 시각',
    'poll.results': '결과 공개 시점',
    'poll.anonymous': '무기명 여부',
    'poll.changeable': '투표 변경 허용 여부',
  },
  poll: { postKey: '글', options: '선택지', option: '선택지' },
  'auth/totp': { code: '인증 코드' },
  reaction: { target: '공감할 대상', 'target.kind': '공감할 대상의 종류', 'target.key': '공감할 글이나 댓글', reaction: '공감 종류' },
  market: { key: '매물', files: '사진', amount: '입찰가', status: '거래 상태', priceMin: '최저 가격' },
  'market/alert': { query: '검색어', alertKey: '가격 알림' },
  'admin/board': { id: '게시판 아이디', name: '게시판 이름', 'categories.name': '분류 이름', from: '합칠 분류', into: '합쳐질 분류' },
  'admin/product': { key: '제품', name: '제품 이름', 'specs.label': '사양 이름', 'specs.value': '사양 값', from: '합칠 제품', into: '남길 제품', id: 'EXIF 이름', ignored: '무시 여부' },
  'admin/product-map': { id: '제품 연결 규칙' },
  'admin/setup': { 'levels.id': '등급', 'levels.name': '등급 이름', 'footerLinks.label': '링크 이름', 'footerLinks.url': '링크 주소' },
  'admin/logo': { id: '로고', name: '로고 이름', kind: '로고 종류' },
  'admin/program': { id: '프로그램 아이디', name: '프로그램 이름' },
  'admin/menu': { id: '메뉴', label: '메뉴 이름' },
  'admin/donate': { id: '후원 기록' },
  'admin/report': { id: '신고', kind: '신고 대상 종류', outcome: '처리 결과' },
  'admin/report/held': { id: '보류된 내용', member: '작성자 보류 해제 여부' },
  'admin/spam/settings': { newMemberDays: '새 회원 기간', newMemberLevelId: '새 회원 등급', postsPerHour: '시간당 글 수', holdReports: '보류 신고 수' },
  'admin/user': { amount: '포인트' },
  'admin/today': { note: '소개 글' },
  file: { a: '파일 주소', b: '파일 이름', for: '사진을 올릴 곳' },
  identity: { provider: '실명 확인 기관' },
  report: { kind: '신고 대상 종류', key: '신고할 대상' },
  museum: { 'exhibits.note': '전시 설명' },
  gear: { gearKey: '장비', gearKeys: '장비 순서', private: '비공개 여부' },
  gallery: { 'photos.fileKey': '사진 파일' },
  'gallery/watermark': { enabled: '워터마크 사용 여부', text: '워터마크 문구', position: '워터마크 위치', opacity: '불투명도', keepCredit: '저작자 정보 유지 여부' },
  public: { value: '확인할 값' },
  push: { endpoint: '푸시 주소', keys: '브라우저 키', 'keys.p256dh': '브라우저의 암호화 키', 'keys.auth': '브라우저의 인증 키' },
  'push/devices': { id: '기기' },
  'auth/passkey/register': PASSKEY_ANSWER,
  'auth/passkey/login': PASSKEY_ANSWER,
  'auth/passkey/recheck': PASSKEY_ANSWER,
  auth: { token: '설정 링크' },
  'auth/passkey': { id: '패스키', name: '패스키 이름' },
  'notify/settings': {
    kinds: '알림 종류별 설정',
    'kinds.kind': '알림 종류',
    'kinds.push': '푸시 알림',
    'kinds.email': '메일 알림',
    quietHours: '방해 금지 시간',
    quietStart: '방해 금지 시작 시각',
    quietEnd: '방해 금지 끝 시각',
    digest: '하루 요약 메일',
  },
};

/** The call's area: /api/admin/product/save → admin/product, /api/letter/receive/read/:letterKey → letter/receive. */
export function areaOf(url: string): string {
  const parts = url.replace(/^\/api\//, '').split('/').filter((p) => p && !p.startsWith(':'));
  return parts.slice(0, -1).join('/');
}

/** The Korean name of the field at `path` in a call of `area`, or undefined when none is known. */
export function fieldLabel(area: string, path: readonly PropertyKey[]): string | undefined {
  const names = path.filter((p): p is string => typeof p === 'string');
  const key = names.at(-1);
  if (key === undefined) return undefined;
  const parent = names.at(-2);
  const own = AREA_LABEL[area];
  const nested = parent ? `${parent}.${key}` : undefined;
  return (nested && own?.[nested]) ?? own?.[key] ?? LABEL[key];
}

/** 사진 → 사진; inside lists, each place named: 2번째 메뉴 그룹의 3번째 메뉴 항목의 메뉴 이름. */
function labelAt(area: string, path: readonly PropertyKey[]): string | undefined {
  const parts: string[] = [];
  for (const [i, p] of path.entries()) {
    if (typeof p !== 'number') continue;
    const list = fieldLabel(area, path.slice(0, i));
    if (!list) return undefined;
    parts.push(`${p + 1}번째 ${list}`);
  }
  // The element itself (a list of keys): 3번째 사진; a field inside one: 3번째 사진의 설명.
  if (typeof path.at(-1) !== 'number') {
    const label = fieldLabel(area, path);
    if (!label) return undefined;
    parts.push(label);
  }
  return parts.length ? parts.join('의 ') : undefined;
}

type Issue = z.core.$ZodRawIssue;

export const BAD_BODY = '요청 형식이 올바르지 않습니다.';

const KIND: Record<string, string> = { number: '숫자', boolean: 'true나 false', string: '글자', array: '목록', object: '항목 묶음' };

/**
 * The message for an issue whose schema gave none: it names the field (missing, wrong type,
 * length, range, choice, format). Undefined when the field has no known name.
 */
export function fieldMessage(area: string, iss: Issue): string | undefined {
  const path = iss.path ?? [];
  // The body itself is not an object of fields (a list, a text, a number).
  if (path.length === 0) return BAD_BODY;
  const label = labelAt(area, path);
  if (!label) return undefined;
  const large = (n: number | bigint) => (typeof n === 'number' ? n.toLocaleString('ko-KR') : String(n));
  switch (iss.code) {
    case 'invalid_type': {
      if (iss.input === undefined || iss.input === null) return msg.required(label);
      if (iss.expected === 'int' && typeof iss.input === 'number') return `${topic(label)} 정수로 입력해 주세요.`;
      if (iss.expected === 'number' || iss.expected === 'int') return msg.number(label);
      const kind = KIND[iss.expected];
      return kind ? `${topic(label)} ${toward(kind)} 보내 주세요.` : `${object(label)} 확인해 주세요.`;
    }
    case 'too_small':
      if (iss.origin === 'string') return Number(iss.minimum) <= 1 ? msg.required(label) : msg.minLength(label, Number(iss.minimum));
      if (iss.origin === 'array' || iss.origin === 'set') return `${object(label)} ${large(iss.minimum)}개 이상 넣어 주세요.`;
      return `${topic(label)} ${large(iss.minimum)} ${iss.inclusive === false ? '보다 커야' : '이상이어야'} 합니다.`;
    case 'too_big':
      if (iss.origin === 'string') return msg.maxLength(label, Number(iss.maximum));
      if (iss.origin === 'array' || iss.origin === 'set') return `${topic(label)} ${large(iss.maximum)}개까지 넣을 수 있습니다.`;
      return `${topic(label)} ${large(iss.maximum)} ${iss.inclusive === false ? '보다 작아야' : '이하여야'} 합니다.`;
    case 'invalid_value':
      return `${object(label)} 골라 주세요.`;
    default:
      return `${object(label)} 확인해 주세요.`;
  }
}
