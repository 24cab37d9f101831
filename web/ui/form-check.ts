// The shared form checker (docs/product/site.md#forms-and-checks): a form's zod schema from common/ runs on save and stops at
// the first failure. Besides the info toast, the failure names its field, so the
// form can mark it (aria-invalid, the message under it) and move focus there (decision 17).
import type { z } from 'zod';
import { fieldMessage } from '../../common/field-messages';
import { firstIssue } from '../../common/validation';

export interface FieldFailure {
  /** The form value that failed (the schema's key), or null for a rule about the whole form. */
  field: string | null;
  message: string;
}

export type CheckResult<T> = { ok: true; data: T } | ({ ok: false } & FieldFailure);

/** The first problem of a failed parse and the field it belongs to. */
export function firstFailure(error: z.ZodError): FieldFailure {
  const head = error.issues[0]?.path[0];
  return { field: typeof head === 'string' ? head : null, message: firstIssue(error) };
}

/** Parses the values with the form's schema: the parsed data, or the first failure. */
export function checkForm<S extends z.ZodType>(schema: S, values: unknown): CheckResult<z.output<S>> {
  // The server's words for a rule its schema states without a message (common/field-messages.ts).
  const parsed = schema.safeParse(values, { error: (iss) => fieldMessage('', iss) });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, ...firstFailure(parsed.error) };
}

/** The ids an input is described by: its own hints, then the error message when there is one. */
export function describedBy(ids: ReadonlyArray<string | false | null | undefined>): string | undefined {
  const list = ids.filter((x): x is string => typeof x === 'string' && x !== '');
  return list.length ? list.join(' ') : undefined;
}

/** The id of the message shown under a field. */
export const errorId = (fieldId: string) => `${fieldId}-error`;
