// A form's field errors: the shared checker (web/ui/form-check.ts) plus what a member sees. The
// first failure is shown as an info toast (docs/product/site.md#forms-and-checks), and the field
// is marked: aria-invalid, the message under it (Field's `error`), aria-describedby pointing at
// that message, and focus moved to it (scrolled into view). Editing the field clears its mark.
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../api/call';
import { checkForm, describedBy, errorId } from './form-check';
import { toast } from './toast-store';

/** Focuses a field by id, scrolled to the middle of the screen (the toast sits at the bottom). */
export function focusField(id: string) {
  requestAnimationFrame(() => {
    const el = document.getElementById(id);
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
  });
}

/** `ids` maps each form value to the id of its input (the element that takes focus). */
export function useFieldErrors<K extends string>(ids: Readonly<Record<K, string>>) {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const known = (field: string | null): field is K => field !== null && Object.hasOwn(ids, field);

  /** Marks one field with a message (toast, mark, focus): for rules outside a schema too. */
  const fail = (field: K | null, message: string) => {
    toast.info(message);
    if (field === null) return setErrors({});
    setErrors({ [field]: message } as Partial<Record<K, string>>);
    focusField(ids[field]);
  };

  /** Runs the form's schema: the parsed data, or null after showing the first failure. */
  const check = <S extends z.ZodType>(schema: S, values: unknown): z.output<S> | null => {
    const result = checkForm(schema, values);
    if (result.ok) {
      setErrors({});
      return result.data;
    }
    fail(known(result.field) ? result.field : null, result.message);
    return null;
  };

  /**
   * A call that failed: a forwarded refusal has already been shown by the call helper (web/api/call.ts);
   * any other message marks the field `fieldOf` finds in it (or none).
   */
  const failFromServer = (error: Error, fieldOf: (message: string) => K | null) => {
    if (error instanceof ApiError && error.forwarded) return;
    fail(fieldOf(error.message), error.message);
  };

  const clear = (field: K) => setErrors((e) => (e[field] === undefined ? e : { ...e, [field]: undefined }));

  /** aria-invalid and aria-describedby for the field's input, after its own hint ids. */
  const aria = (field: K, ...hints: Array<string | false | undefined>) => ({
    'aria-invalid': errors[field] !== undefined ? true : undefined,
    'aria-describedby': describedBy([...hints, errors[field] !== undefined && errorId(ids[field])]),
  });

  const reset = () => setErrors((e) => (Object.keys(e).length === 0 ? e : {}));

  return { errors, check, fail, failFromServer, clear, reset, aria, error: (field: K) => errors[field] };
}
