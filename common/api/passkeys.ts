// Passkeys (docs/api.md#passkeys, docs/product/sign-in.md#passkeys): WebAuthn registration from
// my-info, sign-in without a password, the member's list, renaming and removing one. The option
// and response shapes are WebAuthn's JSON forms as @simplewebauthn/browser sends and takes them.
import { z } from 'zod';

export const PASSKEY_NAME_MAX = 30;
export const PASSKEY_MSG = {
  nameTooLong: `패스키 이름은 ${PASSKEY_NAME_MAX}자 이내로 적어 주세요.`,
  badCredential: '패스키의 응답이 올바르지 않습니다.',
  notFound: '패스키를 찾을 수 없습니다.',
} as const;

const b64url = (max: number) => z.string().min(1, PASSKEY_MSG.badCredential).max(max, PASSKEY_MSG.badCredential).regex(/^[A-Za-z0-9_-]+$/, PASSKEY_MSG.badCredential);
const Transports = z.array(z.string().max(20)).max(10);

const Descriptor = z.object({ id: z.string(), type: z.literal('public-key'), transports: Transports.optional() });

/** /api/auth/passkey/register/options: PublicKeyCredentialCreationOptionsJSON. */
export const PasskeyCreationOptions = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int() })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(Descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptions>;

/** /api/auth/passkey/login/options: PublicKeyCredentialRequestOptionsJSON. */
export const PasskeyRequestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(Descriptor).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
});
export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptions>;

/** What the browser's extensions answered (credProps says whether the key is discoverable). */
const ExtensionResults = z.strictObject({ credProps: z.strictObject({ rk: z.boolean().optional() }).optional() });
const Attachment = z.enum(['platform', 'cross-platform']).optional();

/** RegistrationResponseJSON as the browser made it, with the member's name for the key. */
export const PasskeyRegister = z.strictObject({
  name: z.string().trim().max(PASSKEY_NAME_MAX, PASSKEY_MSG.nameTooLong),
  credential: z.strictObject({
    id: b64url(1400),
    rawId: b64url(1400),
    type: z.literal('public-key', PASSKEY_MSG.badCredential),
    authenticatorAttachment: Attachment,
    clientExtensionResults: ExtensionResults,
    response: z.strictObject({
      clientDataJSON: b64url(4000),
      attestationObject: b64url(40_000),
      authenticatorData: b64url(40_000).optional(),
      transports: Transports.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url(4000).optional(),
    }),
  }),
});
export type PasskeyRegister = z.infer<typeof PasskeyRegister>;

/** /api/auth/passkey/login/options: with the id, the member's own keys are offered (a device that cannot offer them itself); without it, any key the device keeps for this site. */
export const PasskeyLoginStart = z
  .strictObject({ userId: z.string().trim().max(20, '아이디는 20자 이내입니다.').optional() })
  .nullish();
export type PasskeyLoginStart = z.infer<typeof PasskeyLoginStart>;

/** AuthenticationResponseJSON as the browser made it; `remember` as the password login's 로그인 유지. */
export const PasskeyLogin = z.strictObject({
  remember: z.boolean().optional(),
  credential: z.strictObject({
    id: b64url(1400),
    rawId: b64url(1400),
    type: z.literal('public-key', PASSKEY_MSG.badCredential),
    authenticatorAttachment: Attachment,
    clientExtensionResults: ExtensionResults,
    response: z.strictObject({
      clientDataJSON: b64url(4000),
      authenticatorData: b64url(4000),
      signature: b64url(1000),
      userHandle: z.string().max(200).regex(/^[A-Za-z0-9_-]*$/, PASSKEY_MSG.badCredential).optional(),
    }),
  }),
});
export type PasskeyLogin = z.infer<typeof PasskeyLogin>;

/** /api/auth/passkey/recheck/verify: my-info's re-check with one of the member's own passkeys. */
export const PasskeyRecheck = z.strictObject({ credential: PasskeyLogin.shape.credential });
export type PasskeyRecheck = z.infer<typeof PasskeyRecheck>;

/**
 * /api/auth/passkey/login/verify's answer: `secondStep: 'totp'` when the passkey did not verify
 * the person and the member has two-step sign-in on, so the one-time code comes next.
 */
export const PasskeyLoginResult = z.object({ ok: z.literal(true), secondStep: z.literal('totp').optional() });
export type PasskeyLoginResult = z.infer<typeof PasskeyLoginResult>;

/** One of the member's passkeys. */
export const PasskeyItem = z.object({
  id: z.string(),
  name: z.string(),
  /** How it is reached: internal, hybrid (a phone nearby), usb, nfc, ble. */
  transports: z.array(z.string()),
  /** Synced to the member's other devices by its provider. */
  backedUp: z.boolean(),
  /** Where it was registered and last used: a browser summary ("Android · Chrome"). */
  createdDevice: z.string(),
  lastUsedDevice: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyItem = z.infer<typeof PasskeyItem>;
export const PasskeyList = z.array(PasskeyItem);
export type PasskeyList = z.infer<typeof PasskeyList>;

const PasskeyId = b64url(1400);
export const PasskeyDelete = z.strictObject({ id: PasskeyId });
export type PasskeyDelete = z.infer<typeof PasskeyDelete>;
export const PasskeyRename = z.strictObject({ id: PasskeyId, name: z.string().trim().max(PASSKEY_NAME_MAX, PASSKEY_MSG.nameTooLong) });
export type PasskeyRename = z.infer<typeof PasskeyRename>;
