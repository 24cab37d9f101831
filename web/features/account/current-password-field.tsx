// The member's current password, asked again before my-info opens and before withdrawal: the
// browser may fill it (current-password), its characters can be shown, it takes the focus, and
// the checker's or the server's message shows under it.
import type { AriaAttributes } from 'react';
import { Password } from 'primereact/password';
import { Field } from '../../ui/field';

export function CurrentPasswordField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  aria,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** From the form's useFieldErrors (`fe.aria`). */
  aria: Pick<AriaAttributes, 'aria-invalid' | 'aria-describedby'>;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Password
        inputId={id}
        name="password"
        autoComplete="current-password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        feedback={false}
        toggleMask
        autoFocus
        {...aria}
      />
    </Field>
  );
}
