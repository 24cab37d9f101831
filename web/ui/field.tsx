// A labelled form field: the label, the input, an optional hint (for aria-describedby as
// `${id}-hint`) and anything to show after it (availability, strength meter).
import type { ReactNode } from 'react';

export function Field({ id, label, hint, children, after }: { id: string; label: string; hint?: string; children: ReactNode; after?: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      )}
      {after}
    </div>
  );
}
