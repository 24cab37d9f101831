// A labelled form field: the label, the input, an optional hint (for aria-describedby as
// `${id}-hint`), the checker's message when the field failed (`${id}-error`, see
// use-field-errors.ts) and anything to show after it (availability, strength meter).
import type { ReactNode } from 'react';
import { errorId } from './form-check';
import './field.css';

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <small id={errorId(id)} className="field-error">
      <i className="pi pi-exclamation-circle" aria-hidden="true" /> {message}
    </small>
  );
}

export function Field({
  id,
  label,
  hint,
  error,
  children,
  after,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldError id={id} message={error} />
      {hint && (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      )}
      {after}
    </div>
  );
}
