// An open letter: who, when, whether it was read, the content; reply, block and delete from here.
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { AppDialog } from '../../ui/app-dialog';
import { useEffect } from 'react';
import type { LetterView } from '../../../common/api/letters';
import { AuthorLink } from '../../ui/author-link';
import { confirm } from '../../ui/confirm';
import { ContentHtml } from '../../ui/content-html';
import { formatPostDate } from '../../ui/list-date';
import { ReportButton } from '../../ui/report-button';
import { toast } from '../../ui/toast-store';
import { useBlock } from './api/blocks';
import { invalidateLetters } from './api/invalidate';
import { useDeleteLetter } from './api/letter-delete';
import { useLetterView } from './api/letter-view';
import type { Box } from './api/keys';
import { koLetters } from './texts';

const l = koLetters;

export function LetterDialog({ box, letterKey, onHide, onReply }: { box: Box; letterKey: number | null; onHide: () => void; onReply: (letter: LetterView) => void }) {
  const view = useLetterView(box, letterKey);
  const remove = useDeleteLetter();
  const block = useBlock();
  const letter = view.data && view.data.letterKey === letterKey ? view.data : null;

  // A letter that cannot be opened (deleted meanwhile) closes the dialog; the toast said why.
  const client = useQueryClient();
  const openedKey = letter?.letterKey;
  // Opening an inbox letter reads it: the box, the drawer and the mail icon follow.
  useEffect(() => {
    if (box === 'receive' && openedKey !== undefined) void invalidateLetters(client);
  }, [box, openedKey, client]);

  const failed = letterKey !== null && view.isError;
  useEffect(() => {
    if (failed) onHide();
  }, [failed, onHide]);

  const askDelete = () =>
    letter &&
    confirm({
      message: l.confirmDelete,
      accept: () =>
        remove.mutate(
          { box, letterKey: letter.letterKey },
          {
            onSuccess: () => {
              toast.success(l.deleted);
              onHide();
            },
          },
        ),
    });

  const toggleBlock = () => {
    if (!letter) return;
    const { userId, nickName } = letter.sender;
    if (letter.senderBlocked) {
      block.mutate({ userId, blocked: false }, { onSuccess: () => toast.success(l.unblocked(nickName)) });
      return;
    }
    confirm({
      message: l.blockConfirm(nickName),
      icon: 'pi pi-ban',
      accept: () => block.mutate({ userId, blocked: true }, { onSuccess: () => toast.success(l.blocked(nickName)) }),
    });
  };

  const footer = letter ? (
    <div className="letter-dialog-footer">
      {box === 'receive' && letter.sender.userId && (
        <Button
          type="button"
          label={letter.senderBlocked ? l.unblock : l.block}
          icon="pi pi-ban"
          text
          severity="secondary"
          loading={block.isPending}
          onClick={toggleBlock}
          className="letter-block"
        />
      )}
      {letter.canReport && <ReportButton kind="letter" targetKey={letter.letterKey} />}
      <Button type="button" label={l.remove} icon="pi pi-trash" text severity="danger" loading={remove.isPending} onClick={askDelete} />
      {letter.canReply && <Button type="button" label={l.reply} icon="pi pi-reply" onClick={() => onReply(letter)} />}
      <Button type="button" label={l.close} outlined onClick={onHide} />
    </div>
  ) : undefined;

  return (
    <AppDialog
      header={letter?.subject ?? l.viewLoading}
      visible={letterKey !== null}
      onHide={onHide}
      style={{ width: '40rem', maxWidth: '95vw' }}
      modal
      draggable={false}
      className="letter-dialog"
      footer={footer}
    >
      {!letter ? (
        <p role="status" className="letter-dialog-loading">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {l.viewLoading}
        </p>
      ) : (
        <>
          <dl className="letter-facts">
            <div>
              <dt>{l.from}</dt>
              <dd>
                <AuthorLink author={letter.sender} />
              </dd>
            </div>
            <div>
              <dt>{l.to}</dt>
              <dd>
                <AuthorLink author={letter.receiver} />
              </dd>
            </div>
            <div>
              <dt>{l.sentAt}</dt>
              <dd>
                <time dateTime={letter.sentAt}>{formatPostDate(letter.sentAt)}</time>
              </dd>
            </div>
            <div>
              <dt>{l.colRead}</dt>
              <dd>{letter.readAt ? <time dateTime={letter.readAt}>{formatPostDate(letter.readAt)}</time> : l.notRead}</dd>
            </div>
          </dl>
          {box === 'receive' && letter.senderBlocked && (
            <p className="letter-note">
              <i className="pi pi-ban" aria-hidden="true" /> {l.blockedNote}
            </p>
          )}
          {box === 'receive' && !letter.canReply && (
            <p className="letter-note">
              <i className="pi pi-info-circle" aria-hidden="true" /> {l.withdrawnNote}
            </p>
          )}
          <ContentHtml html={letter.contentHtml} className="letter-content" />
        </>
      )}
    </AppDialog>
  );
}
