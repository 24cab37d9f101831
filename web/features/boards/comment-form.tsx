// The comment box: 3 rows (SPEC §9), submit with the button or Ctrl+Enter.
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { QUICK_REPLY_ROWS } from '../../../common/constants';
import { formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';

const c = ko.boards.comments;
export const COMMENT_MAX = 2000;

export interface CommentFormProps {
  label: string;
  initial?: string;
  submitLabel?: string;
  busy?: boolean;
  autoFocus?: boolean;
  /** Resolves true when the comment was saved (the box then empties). */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
  className?: string;
}

export function CommentForm({ label, initial = '', submitLabel = c.submit, busy, autoFocus, onSubmit, onCancel, className = '' }: CommentFormProps) {
  const id = useId();
  const [text, setText] = useState(initial);

  const send = async () => {
    if (busy) return;
    const value = text.trim();
    if (value === '') return void toast.info(c.required);
    if (value.length > COMMENT_MAX) return void toast.info(c.tooLong(formatNumber(COMMENT_MAX)));
    if (await onSubmit(value)) setText('');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void send();
    } else if (e.key === 'Escape' && onCancel) {
      e.preventDefault();
      onCancel();
    }
  };

  return (
    <form className={`comment-form ${className}`.trim()} onSubmit={submit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <InputTextarea
        id={id}
        rows={QUICK_REPLY_ROWS}
        value={text}
        autoResize
        autoFocus={autoFocus}
        placeholder={c.placeholder}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="comment-form-foot">
        <small id={`${id}-hint`} className="field-hint">
          {c.hint}
        </small>
        <span className="comment-form-buttons">
          {onCancel && <LiteButton label={c.cancel} text small onClick={onCancel} />}
          <LiteButton type="submit" label={submitLabel} icon="pi pi-send" small loading={busy} />
        </span>
      </div>
    </form>
  );
}
