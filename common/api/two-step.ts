// Two-step sign-in with a one-time code (docs/api.md#two-step-sign-in, docs/product/sign-in.md#two-step-sign-in):
// turning it on from my-info, the second step after the password, recovery codes, turning it off.
import { z } from 'zod';

export const RECOVERY_CODE_COUNT = 10;

export const TWO_STEP_MSG = {
  code: '인증 앱에 보이는 6자리 코드나 복구 코드를 입력해 주세요.',
  wrongCode: '코드가 맞지 않거나 이미 쓴 코드입니다. 인증 앱에 새로 보이는 코드를 입력해 주세요.',
  password: '암호를 입력해 주세요.',
  alreadyOn: '2단계 인증이 이미 켜져 있습니다.',
  notOn: '2단계 인증이 켜져 있지 않습니다.',
  noSetup: '먼저 2단계 인증 설정을 시작해 주세요.',
  noPending: '2단계 인증을 기다리는 로그인이 없습니다. 다시 로그인해 주세요.',
  limited: '코드를 너무 많이 입력했습니다. 잠시 후 다시 시도해 주세요.',
} as const;

/**
 * A six-digit code from the authenticator app, or a recovery code (letters and digits, a dash
 * allowed). Spaces are dropped; the server tells the two apart.
 */
export const OneTimeCode = z
  .string({ error: TWO_STEP_MSG.code })
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().min(6, TWO_STEP_MSG.code).max(20, TWO_STEP_MSG.code).regex(/^[0-9A-Za-z-]+$/, TWO_STEP_MSG.code));

/** /api/auth/totp/enable and /api/auth/totp/verify. */
export const TotpCodeForm = z.object({ code: OneTimeCode }).strict();

/** /api/auth/totp/disable: the password and a current code. */
export const TotpDisableForm = z
  .object({
    password: z.string({ error: TWO_STEP_MSG.password }).min(1, TWO_STEP_MSG.password).max(100),
    code: OneTimeCode,
  })
  .strict();

/** /api/auth/totp/recovery: new recovery codes (the old ones stop working). */
export const TotpPasswordForm = z
  .object({ password: z.string({ error: TWO_STEP_MSG.password }).min(1, TWO_STEP_MSG.password).max(100) })
  .strict();

/** /api/auth/totp/setup: the new secret, as text and as an otpauth:// address (and its QR code). */
export const TotpSetup = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth address drawn as a QR code (a data: URL of a PNG). */
  qr: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetup>;

export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** /api/auth/totp/status: whether it is on and how many recovery codes are left. */
export const TotpStatus = z.object({
  enabled: z.boolean(),
  recoveryLeft: z.number().int(),
  /** This sign-in passed a second step (a code or a passkey). */
  secondStep: z.boolean(),
});
export type TotpStatus = z.infer<typeof TotpStatus>;

/** /api/auth/totp/verify's answer: which kind of code passed, and recovery codes left. */
export const TotpVerified = z.object({ ok: z.literal(true), recovery: z.boolean(), recoveryLeft: z.number().int() });
export type TotpVerified = z.infer<typeof TotpVerified>;
