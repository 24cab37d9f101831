// The held content's words in the report queue (docs/product/spam.md).
import type { HeldKind } from '../../../../common/api/spam';

export const koHeld = {
  tabs: '신고 큐 보기',
  reportsTab: '신고 목록',
  heldTab: '보류된 글',
  intro: '여러 회원에게 신고된 회원은 검토 보류 상태가 되고, 그 뒤에 쓴 글·댓글·쪽지는 다른 회원에게 보이지 않고 여기 모입니다. 공개하거나 삭제해 주세요.',
  total: (n: string) => `보류된 내용 ${n}건`,
  empty: '보류된 내용이 없습니다',
  tableLabel: '보류된 내용 목록',
  colThing: '보류된 내용',
  colAuthor: '작성자',
  colActions: '처리',
  kind: { post: '게시글', comment: '댓글', letter: '쪽지' } satisfies Record<HeldKind, string>,
  stillHeld: '검토 보류 중',
  heldAt: (d: string) => `${d} 보류`,
  open: '원문 보기',
  newWindow: '(새 창)',
  release: '공개',
  releaseMember: '공개하고 보류 끝내기',
  remove: '삭제',
  actionLabel: (action: string, name: string) => `${name}: ${action}`,
  confirmRelease: '이 내용을 모두에게 보이게 합니다. 작성자는 계속 검토 보류 상태로 남습니다. 진행할까요?',
  confirmReleaseMember: '이 내용을 모두에게 보이게 하고 작성자의 검토 보류도 끝냅니다. 이후에 쓰는 글은 바로 보입니다. 진행할까요?',
  confirmRemove: '이 내용을 삭제합니다. 되돌릴 수 없습니다. 진행할까요?',
} as const;
