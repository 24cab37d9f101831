// The comment box: 3 rows (docs/product/comments.md#writing-a-comment), submit with the button or Ctrl+Enter; the 이모티콘 button
// puts an emoticon token at the cursor.
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { QUICK_REPLY_ROWS } from '../../../common/constants';
import { formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { koComments } from './texts';
import { LiteButton } from '../../ui/lite-button';
import { FieldError } from '../../ui/field';
import { useFieldErrors } from '../../ui/use-field-errors';
import { EmoticonButton, EmoticonGrid, useEmoticonPicker, type Emoticons } from '../../ui/emoticon-picker';
import { useSpamProof } from '../../ui/spam-proof';

const c = koComments;
export const COMMENT_MAX = 2000;

export interface CommentFormProps {
  label: string;
  initial?: string;
  submitLabel?: string;
  busy?: boolean;
  autoFocus?: boolean;
  /** Resolves true when the comment was saved (the box then empties); `proof` is the spam check's headers. */
  onSubmit: (text: string, proof: Record<string, string>) => Promise<boolean>;
  onCancel?: () => void;
  className?: string;
  /** The community's emoticons (BoardInfo.emoticons); none hides the button. */
  emoticons?: Emoticons;
  /** A new comment or reply: a new member's passes the spam check (docs/product/spam.md). */
  spamCheck?: boolean;
}

export function CommentForm({ label, initial = '', submitLabel = c.submit, busy, autoFocus, onSubmit, onCancel, className = '', emoticons = [], spamCheck = false }: CommentFormProps) {
  const id = useId();
  // Asked for once the member starts writing: a reader who only reads asks for nothing.
  const [writing, setWriting] = useState(false);
  const spam = useSpamProof('comment', spamCheck && writing);
  const [checking, setChecking] = useState(false);
  const [text, setText] = useState(initial);
  const picker = useEmoticonPicker();
  const fe = useFieldErrors({ content: id });

  /** Puts the token where the cursor (or the selection) was, and the cursor after it. */
  const insert = (token: string) => {
    // Found by id: a ref on PrimeReact's InputTextarea upsets its auto-resize.
    const el = document.getElementById(id) as HTMLTextAreaElement | null;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? start;
    setText(text.slice(0, start) + token + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const send = async () => {
    if (busy || checking) return;
    const value = text.trim();
    if (value === '') return fe.fail('content', c.required);
    if (value.length > COMMENT_MAX) return fe.fail('content', c.tooLong(formatNumber(COMMENT_MAX)));
    setChecking(true);
    const proof = await spam.headers();
    setChecking(false);
    if (!proof) return;
    const saved = await onSubmit(value, proof);
    // Each challenge counts once, sent or refused.
    if (spamCheck) spam.renew();
    if (saved) setText('');
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
        {...fe.aria('content', `${id}-hint`)}
        onFocus={() => setWriting(true)}
        onChange={(e) => {
          setText(e.target.value);
          setWriting(true);
          fe.clear('content');
        }}
        onKeyDown={onKeyDown}
      />
      <FieldError id={id} message={fe.error('content')} />
      {spam.element}
      <div className="comment-form-foot">
        <span className="comment-form-tools">
          {emoticons.length > 0 && (
            <EmoticonButton picker={picker} className="p-button p-component p-button-text p-button-sm">
              <span className="p-button-icon p-button-icon-left pi pi-face-smile" aria-hidden="true" />
              <span className="p-button-label">{ko.emoticons.open}</span>
            </EmoticonButton>
          )}
          <small id={`${id}-hint`} className="field-hint keyboard-only">
            {c.hint}
          </small>
        </span>
        <span className="comment-form-buttons">
          {onCancel && <LiteButton label={c.cancel} text small onClick={onCancel} />}
          <LiteButton type="submit" label={submitLabel} icon="pi pi-send" small loading={busy || checking} />
        </span>
      </div>
      <EmoticonGrid picker={picker} emoticons={emoticons} onPick={insert} />
    </form>
  );
}
