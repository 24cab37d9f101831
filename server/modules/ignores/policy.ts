// Who may ignore whom (decision 46). Ignoring is the caller's own business: any member may ignore
// any other member except an administrator, whose notices, answers and letters must reach every
// member. The rule on the member being ignored is read from their row, not their session.
import { badRequest, forbidden } from '../../lib/errors.js';

export const IGNORE_MSG = {
  self: '자신은 차단할 수 없습니다.',
  admin: '운영자는 차단할 수 없습니다.',
  noMember: '회원을 찾을 수 없습니다.',
  tooMany: (max: string) => `차단은 ${max}명까지 할 수 있습니다. 차단한 회원 목록에서 정리해 주세요.`,
} as const;

export interface IgnoreTarget {
  no: number;
  /** The account is an administrator's (users.admin). */
  admin: boolean;
}

/** Throws the Korean refusal when `callerNo` may not ignore `target`. */
export function assertMayIgnore(callerNo: number, target: IgnoreTarget): void {
  if (target.no === callerNo) throw badRequest(IGNORE_MSG.self);
  if (target.admin) throw forbidden(IGNORE_MSG.admin);
}
