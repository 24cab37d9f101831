// Compose (docs/product/letters.md#sending): to a member by userId or nickname, with a picker that suggests members as
// you type; subject and body limits checked before sending (the first failure as an info toast,
// docs/product/site.md#forms-and-checks), then 보낼까요?.
import { useQueryClient } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { AppDialog } from '../../ui/app-dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState, type FormEvent } from 'react';
import { LETTER_CONTENT_MAX, LETTER_SUBJECT_MAX, type MemberSuggestion, SendForm } from '../../../common/api/letters';
import { formatNumber } from '../../../common/format';
import { confirm } from '../../ui/confirm';
import { LevelStar } from '../../ui/level-star';
import { FieldError } from '../../ui/field';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import { useSendLetter } from './api/letter-send';
import { useSpamProof } from '../../ui/spam-proof';
import { memberSuggestQuery } from './api/member-suggest';
import { koLetters } from './texts';

const l = koLetters;

export interface ComposeInit {
  receiver?: string;
  subject?: string;
}

/** "RE: subject" without piling up RE: RE:. */
export const replySubject = (subject: string) => `RE: ${subject.replace(/^(RE:\s*)+/i, '')}`.slice(0, LETTER_SUBJECT_MAX);

export function ComposeDialog({ init, onHide }: { init: ComposeInit | null; onHide: () => void }) {
  return (
    <AppDialog
      header={l.composeTitle}
      visible={init !== null}
      onHide={onHide}
      style={{ width: '40rem', maxWidth: '95vw' }}
      modal
      draggable={false}
      className="compose-dialog"
    >
      {init && <ComposeForm init={init} onDone={onHide} />}
    </AppDialog>
  );
}

function ComposeForm({ init, onDone }: { init: ComposeInit; onDone: () => void }) {
  const client = useQueryClient();
  const send = useSendLetter();
  // A new member's letter carries a solved challenge (docs/product/spam.md).
  const spam = useSpamProof('letter');
  const id = useId();
  const [receiver, setReceiver] = useState<string | MemberSuggestion>(init.receiver ?? '');
  const [subject, setSubject] = useState(init.subject ?? '');
  const [content, setContent] = useState('');
  const [suggestions, setSuggestions] = useState<MemberSuggestion[]>([]);
  const fe = useFieldErrors({ receiver: `${id}-to`, subject: `${id}-subject`, content: `${id}-content` });

  const search = async (q: string) => {
    const query = q.trim();
    if (query === '') return setSuggestions([]);
    try {
      setSuggestions(await client.fetchQuery(memberSuggestQuery(query)));
    } catch {
      setSuggestions([]);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const form = { receiver: typeof receiver === 'string' ? receiver : receiver.userId, subject, content };
    const parsed = fe.check(SendForm, form);
    if (!parsed) return;
    confirm({
      message: l.confirmSend,
      accept: () =>
        void spam.headers().then((proof) => {
          if (!proof) return;
          send.mutate(
            { ...parsed, proof },
            {
              onSettled: spam.renew,
              onSuccess: () => {
                toast.success(l.sent);
                onDone();
              },
            },
          );
        }),
    });
  };

  return (
    <form className="compose-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-to`}>{l.receiver}</label>
        <AutoComplete
          inputId={`${id}-to`}
          value={receiver}
          suggestions={suggestions}
          completeMethod={(e) => void search(e.query)}
          onChange={(e) => {
            setReceiver(e.value as string | MemberSuggestion);
            fe.clear('receiver');
          }}
          field="nickName"
          delay={250}
          minLength={1}
          forceSelection={false}
          emptyMessage={l.noSuggestion}
          showEmptyMessage
          {...fe.aria('receiver', `${id}-to-hint`)}
          itemTemplate={(m: MemberSuggestion) => (
            <span className="suggest-item">
              <span>{m.nickName}</span>
              <LevelStar levelKey={m.levelKey} />
              <span className="suggest-id">{m.userId}</span>
            </span>
          )}
          autoFocus={!init.receiver}
          className="compose-to"
          inputClassName="compose-to-input"
          panelClassName="compose-suggest-panel"
        />
        <FieldError id={`${id}-to`} message={fe.error('receiver')} />
        <small id={`${id}-to-hint`} className="field-hint">
          {l.receiverHint}
        </small>
      </div>
      <div className="field">
        <label htmlFor={`${id}-subject`}>{l.subject}</label>
        <InputText
          id={`${id}-subject`}
          value={subject}
          onChange={(e) => {
            setSubject(e.target.value);
            fe.clear('subject');
          }}
          maxLength={LETTER_SUBJECT_MAX * 2}
          {...fe.aria('subject')}
        />
        <FieldError id={`${id}-subject`} message={fe.error('subject')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-content`}>{l.content}</label>
        <InputTextarea
          id={`${id}-content`}
          value={content}
          onChange={(e) => {
            setContent(e.target.value);
            fe.clear('content');
          }}
          rows={8}
          autoResize={false}
          autoFocus={Boolean(init.receiver)}
          {...fe.aria('content', `${id}-count`)}
        />
        <FieldError id={`${id}-content`} message={fe.error('content')} />
        <small id={`${id}-count`} className={content.length > LETTER_CONTENT_MAX ? 'field-hint over' : 'field-hint'}>
          {l.counter(formatNumber(content.length), formatNumber(LETTER_CONTENT_MAX))}
        </small>
      </div>
      {spam.element}
      <div className="compose-actions">
        <Button type="button" label={l.cancel} text onClick={onDone} />
        <Button type="submit" label={l.send} icon="pi pi-send" loading={send.isPending} />
      </div>
    </form>
  );
}
