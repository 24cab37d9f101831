// The identity provider interface: how a verification starts, and how the provider's signed
// result is checked when the member's browser comes back. The service (service.ts) owns the
// rules around it: pending requests, expiry, one use, one identity per account.
import type { AutoSubmitForm, IdentityProviderName } from '../../../common/api/identity.js';

/** What the browser must do to continue after /api/identity/start. */
export type StartAction =
  /** An external provider: build this form and submit it at once. */
  | { kind: 'form'; form: AutoSubmitForm }
  /** The sandbox: show the clearly labelled simulated screen. */
  | { kind: 'sandbox' };

export interface StartResult {
  action: StartAction;
  /**
   * Key material the return step needs and only this server may read (NICE's per-request
   * key). The routes keep it sealed in a short-lived cookie; nothing of it is stored.
   */
  state?: string;
}

/** A provider's result after its signature/integrity check. */
export type ReturnResult =
  | {
      ok: true;
      requestId: string;
      /** The provider's duplicate-registration value (NICE: DI); only its hash is kept. */
      dupValue: string;
      name?: string;
      birth?: string;
    }
  | {
      ok: false;
      /** Known only when the result itself was authentic (a genuine "failed" answer). */
      requestId?: string;
      /** Korean text shown on the fail page. */
      message: string;
    };

export interface IdentityProvider {
  readonly name: IdentityProviderName;
  /** Origins the browser must be allowed to submit a form to (CSP form-action). */
  readonly formOrigins: readonly string[];
  start(input: { requestId: string }): Promise<StartResult>;
  /** Verifies what came back (query or form fields) with the state kept at start. */
  verifyReturn(params: Record<string, string | undefined>, state: string | undefined): Promise<ReturnResult>;
}

export const IDENTITY_MSG = {
  loggedOut: '로그인이 필요합니다.',
  alreadyVerified: '이미 본인 확인을 마쳤습니다.',
  unavailable: '지금은 본인 확인을 이용할 수 없습니다. 관리자에게 문의하세요.',
  badResult: '본인 확인 결과가 올바르지 않습니다. 처음부터 다시 시도해 주세요.',
  expired: '본인 확인 요청이 만료되었거나 이미 처리되었습니다. 처음부터 다시 시도해 주세요.',
  failed: '본인 확인에 실패했습니다.',
  cancelled: '본인 확인이 취소되었거나 완료되지 않았습니다.',
  duplicate: '이미 다른 계정의 본인 확인에 사용된 정보입니다.',
  providerError: '본인 확인 기관과 통신하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  notFound: '본인 확인 요청을 찾을 수 없습니다.',
} as const;
