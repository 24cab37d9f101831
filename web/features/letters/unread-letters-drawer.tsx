// The unread letters drawer 신규 쪽지 (docs/product/letters.md#unread-drawers): on the right, 20rem, layer 999.
// Each letter can be marked read (it leaves the list), deleted after 삭제할까요? or answered in a
// 3-row box after 보낼까요?; deleting or replying loads the list again. 편지함 이동 opens the inbox.
import { InputTextarea } from 'primereact/inputtextarea';
import { AppDrawer } from '../../ui/app-drawer';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { LAYER, QUICK_REPLY_ROWS } from '../../../common/constants';
import type { UnreadLetter } from '../../../common/api/letters';
import { confirm } from '../../ui/confirm';
import { ContentHtml } from '../../ui/content-html';
import { formatPostDate } from '../../ui/list-date';
import { LevelStar } from '../../ui/level-star';
import { LiteButton } from '../../ui/lite-button';
import { FieldError } from '../../ui/field';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import { useDeleteLetter } from './api/letter-delete';
import { useReadLetter } from './api/letter-read';
import { useQuickReply } from './api/quick-reply';
import { useSpamProof } from '../../ui/spam-proof';
import { useUnread } from './api/unread';
import { DrawerState } from './drawer-state';
import './letters.css';
import { letterBoxPath } from '../../shared/paths';
import { koLetters } from './texts';

const l = koLetters;

function UnreadItem({ letter }: { letter: UnreadLetter }) {
  const read = useReadLetter();
  const remove = useDeleteLetter();
  const reply = useQuickReply();
  const [replying, setReplying] = useState(false);
  // A new member's reply carries a solved challenge, asked for once the box opens.
  const spam = useSpamProof('letter', replying);
  const [text, setText] = useState('');
  const boxId = useId();
  const fe = useFieldErrors({ content: `${boxId}-text` });
  const item = useRef<HTMLLIElement>(null);
  const replyButton = () => item.current?.querySelector<HTMLElement>('[data-quick-reply]') ?? null;

  /** Escape closes the reply box (not the drawer) and goes back to its button. */
  const onBoxKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    e.preventDefault();
    setReplying(false);
    fe.reset();
    replyButton()?.focus();
  };

  /**
   * A reply reads the letter, so it leaves the list: focus moves on to the next letter's reply
   * button (the one before when it was the last), or to the inbox button when none is left.
   */
  const focusAfterReply = () => {
    const li = item.current;
    const neighbour = (li?.nextElementSibling ?? li?.previousElementSibling)?.querySelector<HTMLElement>('[data-quick-reply]');
    (neighbour ?? li?.closest('.p-sidebar')?.querySelector<HTMLElement>('.drawer-go'))?.focus();
  };

  const sendReply = () => {
    if (text.trim() === '') return fe.fail('content', l.emptyReply);
    confirm({
      message: l.confirmSend,
      accept: () =>
        void spam.headers().then((proof) => {
          if (!proof) return;
          reply.mutate(
          { letterKey: letter.letterKey, content: text, proof },
          {
            onSettled: spam.renew,
            onSuccess: () => {
              toast.success(l.replied);
              focusAfterReply();
              setReplying(false);
              setText('');
            },
          },
        );
        }),
    });
  };

  return (
    <li className="unread-letter" ref={item}>
      <div className="unread-letter-head">
        <strong className="unread-letter-subject">{letter.subject}</strong>
        <span className="unread-letter-meta">
          <span className="unread-letter-from">
            {letter.sendName}
            <LevelStar levelKey={letter.sender.levelKey} />
          </span>
          <time dateTime={letter.sendDate}>{formatPostDate(letter.sendDate)}</time>
        </span>
      </div>
      <ContentHtml html={letter.content} className="unread-letter-content" />
      <div className="unread-letter-actions">
        <LiteButton
          small
          text
          icon="pi pi-check"
          label={l.markRead}
          aria-label={l.markReadLabel(letter.subject)}
          loading={read.isPending}
          onClick={() => read.mutate(letter.letterKey)}
        />
        <LiteButton
          small
          text
          icon="pi pi-reply"
          label={l.quickReply}
          aria-label={l.quickReplyLabel(letter.subject)}
          aria-expanded={replying}
          aria-controls={boxId}
          data-quick-reply
          onClick={() => setReplying((v) => !v)}
        />
        <LiteButton
          small
          text
          icon="pi pi-trash"
          className="p-button-danger"
          label={l.remove}
          aria-label={l.removeLabel(letter.subject)}
          loading={remove.isPending}
          onClick={() => confirm({ message: l.confirmDelete, accept: () => remove.mutate({ box: 'receive', letterKey: letter.letterKey }) })}
        />
      </div>
      {replying && (
        <div className="quick-reply" id={boxId}>
          <label htmlFor={`${boxId}-text`} className="visually-hidden">
            {l.replyBox}
          </label>
          <InputTextarea
            id={`${boxId}-text`}
            rows={QUICK_REPLY_ROWS}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              fe.clear('content');
            }}
            placeholder={l.replyBox}
            autoResize={false}
            autoFocus
            onKeyDown={onBoxKey}
            {...fe.aria('content')}
          />
          <FieldError id={`${boxId}-text`} message={fe.error('content')} />
          {spam.element}
          <LiteButton small icon="pi pi-send" label={l.send} loading={reply.isPending} onClick={sendReply} />
        </div>
      )}
    </li>
  );
}

export default function UnreadLettersDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const list = useUnread(open);
  const items = list.data ?? [];

  let body;
  if (list.isPending || items.length === 0) {
    body = <DrawerState loading={list.isPending} icon="pi pi-envelope" loadingText={l.drawerLoading} emptyText={l.drawerEmpty} />;
  } else {
    body = (
      <ul className="unread-letters" aria-label={l.drawerTitle}>
        {items.map((letter) => (
          <UnreadItem key={letter.letterKey} letter={letter} />
        ))}
      </ul>
    );
  }

  return (
    <AppDrawer
      visible={open}
      onHide={onClose}
      position="right"
      baseZIndex={LAYER.drawer}
      style={{ width: '20rem', maxWidth: '92vw' }}
      header={<h2 className="drawer-title">{l.drawerTitle}</h2>}
      className="unread-drawer letters-drawer"
    >
      <LiteButton
        small
        outlined
        icon="pi pi-inbox"
        label={l.toInbox}
        className="drawer-go"
        onClick={() => {
          onClose();
          void navigate(letterBoxPath());
        }}
      />
      {body}
    </AppDrawer>
  );
}
