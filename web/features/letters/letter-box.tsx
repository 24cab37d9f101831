// The inbox (/letter/receive/{page?}) and the sent box (/letter/send/{page?}): 20 letters a page
// with unread marks, the other party with the star, dates, and for sent letters whether and when
// they were read; open, reply, delete (삭제할까요?), compose, and the blocked members. Tapping
// anywhere on a letter's row opens it (row-link.css).
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { LetterSummary, LetterView } from '../../../common/api/letters';
import { formatNumber } from '../../../common/format';
import { loginPopup } from '../../shared/login-popup-store';
import { useSessionUser } from '../../shared/session-store';
import { AuthorLink } from '../../ui/author-link';
import { confirm } from '../../ui/confirm';
import { useDocumentTitle } from '../../ui/document-title';
import { formatListDate, useListNow } from '../../ui/list-date';
import { ListPager } from '../../ui/list-pager';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import type { Box } from './api/keys';
import { useDeleteLetter } from './api/letter-delete';
import { useLetterList } from './api/letter-list';
import { BlocksDialog } from './blocks-dialog';
import { ComposeDialog, type ComposeInit, replySubject } from './compose-dialog';
import { LetterDialog } from './letter-dialog';
import '../../ui/row-link.css';
import './letters.css';
import { letterBoxPath } from '../../shared/paths';
import { koLetters } from './texts';

const l = koLetters;

const pageOf = (raw: string | undefined) => {
  const n = Number(raw ?? 1);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

function Row({ box, letter, now, onOpen, onDelete }: { box: Box; letter: LetterSummary; now: number; onOpen: () => void; onDelete: () => void }) {
  const inbox = box === 'receive';
  const unread = letter.readAt === null;
  const other = inbox ? letter.sender : letter.receiver;
  return (
    <tr className={inbox && unread ? 'has-row-link is-unread' : 'has-row-link'}>
      <td className="col-state">
        {unread ? (
          <span className="letter-state unread">
            <i className="pi pi-envelope" aria-hidden="true" /> {inbox ? l.unread : l.notRead}
          </span>
        ) : (
          <span className="letter-state read">
            <i className="pi pi-check" aria-hidden="true" /> {l.read}
          </span>
        )}
      </td>
      <td className="col-subject">
        <button type="button" className="letter-open row-link" data-row-link onClick={onOpen} aria-label={l.open(letter.subject)}>
          {letter.subject}
        </button>
      </td>
      <td className="col-party">
        <span className="cell-label">{inbox ? l.colSender : l.colReceiver}</span>
        <AuthorLink author={other} />
      </td>
      <td className="col-date">
        <span className="cell-label">{l.colDate}</span>
        <time dateTime={letter.sentAt}>{formatListDate(letter.sentAt, now)}</time>
      </td>
      {!inbox && (
        <td className="col-date col-read">
          <span className="cell-label">{l.colRead}</span>
          {letter.readAt ? <time dateTime={letter.readAt}>{formatListDate(letter.readAt, now)}</time> : <span className="muted">-</span>}
        </td>
      )}
      <td className="col-actions">
        <LiteButton icon="pi pi-trash" label={l.remove} text small className="p-button-danger" aria-label={l.removeLabel(letter.subject)} onClick={onDelete} />
      </td>
    </tr>
  );
}

export function LetterBox({ box }: { box: Box }) {
  const inbox = box === 'receive';
  useDocumentTitle(inbox ? l.receiveTitle : l.sendTitle);
  const page = pageOf(useParams().page);
  const user = useSessionUser();
  const list = useLetterList(box, page, user.logined);
  const remove = useDeleteLetter();
  const now = useListNow();
  const [openKey, setOpenKey] = useState<number | null>(null);
  const [compose, setCompose] = useState<ComposeInit | null>(null);
  const [blocks, setBlocks] = useState(false);
  const data = list.data;

  const closeLetter = useCallback(() => setOpenKey(null), []);
  const reply = (letter: LetterView) => {
    setOpenKey(null);
    setCompose({ receiver: letter.sender.userId, subject: replySubject(letter.subject) });
  };
  const askDelete = (letterKey: number) =>
    confirm({ message: l.confirmDelete, accept: () => remove.mutate({ box, letterKey }, { onSuccess: () => toast.success(l.deleted) }) });

  let body;
  if (!user.logined) {
    body = (
      <p className="list-state">
        <i className="pi pi-lock" aria-hidden="true" /> {l.loginPrompt}{' '}
        <LiteButton label={l.login} icon="pi pi-sign-in" small outlined onClick={() => loginPopup.open()} />
      </p>
    );
  } else if (list.isPending) {
    body = (
      <p className="list-state" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {l.loading}
      </p>
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <p className="list-state">
        <i className="pi pi-envelope" aria-hidden="true" /> {inbox ? l.emptyReceive : l.emptySend}
      </p>
    );
  } else {
    const label = inbox ? l.listLabelReceive : l.listLabelSend;
    body = (
      <>
        <table className={`letter-table letter-table-${box}`}>
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              <th scope="col" className="col-state">
                {l.colState}
              </th>
              <th scope="col" className="col-subject">
                {l.colSubject}
              </th>
              <th scope="col" className="col-party">
                {inbox ? l.colSender : l.colReceiver}
              </th>
              <th scope="col" className="col-date">
                {l.colDate}
              </th>
              {!inbox && (
                <th scope="col" className="col-date">
                  {l.colRead}
                </th>
              )}
              <th scope="col" className="col-actions">
                <span className="visually-hidden">{l.colActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((letter) => (
              <Row key={letter.letterKey} box={box} letter={letter} now={now} onOpen={() => setOpenKey(letter.letterKey)} onDelete={() => askDelete(letter.letterKey)} />
            ))}
          </tbody>
        </table>
        <ListPager page={page} pageSize={data.pageSize} total={data.total} hrefOf={(n) => letterBoxPath(box, n)} label={l.pager} />
      </>
    );
  }

  return (
    <section className="letter-page">
      <div className="letter-head">
        <h1>{inbox ? l.receiveTitle : l.sendTitle}</h1>
        {user.logined && (
          <div className="letter-tools">
            <LiteButton icon="pi pi-pencil" label={l.compose} onClick={() => setCompose({})} />
            <LiteButton icon="pi pi-ban" label={l.blocks} outlined onClick={() => setBlocks(true)} />
          </div>
        )}
      </div>
      <nav className="letter-tabs" aria-label={l.boxNav}>
        <Link to={letterBoxPath('receive')} aria-current={inbox ? 'page' : undefined} className={inbox ? 'active' : undefined}>
          <i className="pi pi-inbox" aria-hidden="true" /> {l.receiveTitle}
        </Link>
        <Link to={letterBoxPath('send')} aria-current={!inbox ? 'page' : undefined} className={!inbox ? 'active' : undefined}>
          <i className="pi pi-send" aria-hidden="true" /> {l.sendTitle}
        </Link>
      </nav>
      <p className="lead">
        {inbox ? l.receiveIntro : l.sendIntro}
        {data && user.logined ? ` ${l.total(formatNumber(data.total))}` : ''}
      </p>
      {body}
      {user.logined && (
        <>
          <LetterDialog box={box} letterKey={openKey} onHide={closeLetter} onReply={reply} />
          <ComposeDialog init={compose} onHide={() => setCompose(null)} />
          <BlocksDialog visible={blocks} onHide={() => setBlocks(false)} />
        </>
      )}
    </section>
  );
}
