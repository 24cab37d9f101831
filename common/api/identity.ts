// Real-name verification calls (docs/product/identity.md, docs/identity.md).
import { z } from 'zod';
import { msg } from '../validation.js';

export const IDENTITY_LABEL = { name: '이름', birth: '생년월일' } as const;

const NAME_LENGTH = '이름은 2~20자로 입력해 주세요.';
const BIRTH_FORMAT = '생년월일은 8자리 숫자(예: 19900101)로 입력해 주세요.';
const BIRTH_INVALID = '올바른 생년월일을 입력해 주세요.';

/** YYYYMMDD that names a real day between 1900-01-01 and today. */
export function isBirthDate(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const y = Number(value.slice(0, 4));
  const m = Number(value.slice(4, 6));
  const d = Number(value.slice(6, 8));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return y >= 1900 && date.getTime() <= Date.now();
}

export const identityNameRule = z
  .string({ error: msg.required(IDENTITY_LABEL.name) })
  .trim()
  .min(1, msg.required(IDENTITY_LABEL.name))
  .min(2, NAME_LENGTH)
  .max(20, NAME_LENGTH);

export const birthRule = z
  .string({ error: msg.required(IDENTITY_LABEL.birth) })
  .trim()
  .min(1, msg.required(IDENTITY_LABEL.birth))
  .regex(/^\d{8}$/, BIRTH_FORMAT)
  .refine(isBirthDate, BIRTH_INVALID);

export const IdentityProviderName = z.enum(['sandbox', 'nice']);
export type IdentityProviderName = z.infer<typeof IdentityProviderName>;

/** A form the browser builds and submits at once to open the provider's own window. */
export const AutoSubmitForm = z.object({
  action: z.string(),
  method: z.enum(['get', 'post']),
  fields: z.record(z.string(), z.string()),
});
export type AutoSubmitForm = z.infer<typeof AutoSubmitForm>;

/** POST /api/identity/start {} -> sandbox: show the simulated screen; nice: submit the form. */
export const IdentityStartResult = z.object({
  provider: IdentityProviderName,
  requestId: z.string(),
  form: AutoSubmitForm.optional(),
});
export type IdentityStartResult = z.infer<typeof IdentityStartResult>;

/** POST /api/identity/sandbox/complete: the tester's answer on the simulated screen. */
export const SandboxCompleteForm = z.object({
  requestId: z.string().min(1).max(64),
  name: identityNameRule,
  birth: birthRule,
  outcome: z.enum(['success', 'fail']),
});
export type SandboxCompleteForm = z.input<typeof SandboxCompleteForm>;

/** Where the browser goes next: the provider's return address with the signed result. */
export const SandboxCompleteResult = z.object({ returnUrl: z.string() });
export type SandboxCompleteResult = z.infer<typeof SandboxCompleteResult>;

/** Web pages of the flow (userNiceCheck, userNiceSuccess, userNiceFail: docs/product/identity.md#checking). */
export const IDENTITY_PAGES = {
  check: '/user/nice/check',
  success: '/user/nice/success',
  fail: '/user/nice/fail',
} as const;
