// The community setup's spam section (docs/product/spam.md).
export const koSpamSetup = {
  section: '새 회원과 스팸 방지',
  intro:
    '가입할 때와 새 회원이 글·댓글·쪽지를 쓸 때 브라우저가 자동 등록 방지 확인을 풉니다(대부분 보이지 않습니다). 새 회원은 댓글과 쪽지에 링크나 이미지를 넣을 수 없고, 한 시간에 쓸 수 있는 글 수가 정해집니다.',
  days: '새 회원 기간 (일)',
  daysHint: '가입한 뒤 이 기간 동안 새 회원으로 봅니다. 0이면 기간으로는 보지 않습니다.',
  level: '이 등급 아래는 새 회원',
  levelNone: '등급으로는 보지 않음',
  postsPerHour: '새 회원의 시간당 글 수',
  holdReports: '검토 보류 신고 수',
  holdReportsHint: '서로 다른 회원 이만큼에게 신고된 회원은 검토 보류가 되어, 그 뒤에 쓴 글은 신고 큐에서 공개하기 전까지 다른 회원에게 보이지 않습니다.',
  save: '스팸 방지 설정 저장',
  saved: '스팸 방지 설정을 저장했습니다.',
} as const;
