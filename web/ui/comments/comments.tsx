// Comments under a post: thread order with one level of replies (indented), each with its
// author, date and rendered text, and 답글 / 수정 / 삭제 as the server allows. Visitors get a
// prompt that opens the login popup.
import { useEffect, useRef, useState } from 'react';
import type { Comment } from '../../../common/api/boards';
import { formatNumber } from '../../../common/format';
import { loginPopup } from '../../app/login-popup-store';
import { useSessionUser } from '../../app/session-store';
import { ko } from '../../i18n/ko';
import { AuthorLink } from '../author-link';
import { confirm } from '../confirm';
import { ContentHtml } from '../content-html';
import { formatPostDate } from '../list-date';
import { LiteButton } from '../lite-button';
import { ReportButton } from '../report-button';
import { koReport } from '../../i18n/ko-moderation';
import { toast } from '../toast-store';
import { useCommentList } from './api/comment-list';
import { useDeleteComment } from './api/comment-delete';
import { useSaveComment, type CommentSaveInput } from './api/comment-save';
import { CommentForm } from './comment-form';
import type { Emoticons } from '../emoticon-picker';
import './comments.css';
import { ListLoading } from '../list-state';

const c = ko.boards.comments;

type Open = { mode: 'reply' | 'edit'; commentKey: number } | null;

export interface CommentsProps {
  boardId: string;
  postKey: number;
  canComment: boolean;
  /** The count the post shows, until the list has loaded. */
  count: number;
  /** The board's emoticon set for the picker (members who may comment). */
  emoticons?: Emoticons;
  /** After a comment is written, edited or deleted: refresh what shows the count. */
  onChanged?: () => unknown;
}

export function Comments({ boardId, postKey, canComment, count, emoticons, onChanged }: CommentsProps) {
  const user = useSessionUser();
  const list = useCommentList(boardId, postKey);
  const save = useSaveComment(onChanged);
  const remove = useDeleteComment(onChanged);
  const [open, setOpen] = useState<Open>(null);
  const total = list.data?.total ?? count;
  // A reply or edit box that closes (Escape, cancel, saved) hands focus back to its button.
  const returnTo = useRef<string | null>(null);
  const closeBox = () => {
    if (open) returnTo.current = `#comment-${open.commentKey} [data-box="${open.mode}"]`;
    setOpen(null);
  };
  useEffect(() => {
    if (open !== null || !returnTo.current) return;
    document.querySelector<HTMLElement>(returnTo.current)?.focus();
    returnTo.current = null;
  }, [open]);

  const submit = async (input: Omit<CommentSaveInput, 'boardId' | 'key'>, done: string) => {
    try {
      await save.mutateAsync({ boardId, key: postKey, ...input });
      toast.success(done);
      closeBox();
      return true;
    } catch {
      return false; // already shown by the call helper
    }
  };

  const askDelete = (comment: Comment) =>
    confirm({
      message: c.confirmDelete,
      accept: () =>
        remove.mutate(
          { commentKey: comment.commentKey, postKey },
          {
            onSuccess: () => {
              toast.success(c.removed);
              setOpen(null);
            },
          },
        ),
    });

  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="comments-title">
        <i className="pi pi-comments" aria-hidden="true" /> {c.title} <span className="comments-count">{formatNumber(total)}</span>
      </h2>

      {list.isPending ? (
        <ListLoading text={c.loading} />
      ) : list.data && list.data.items.length > 0 ? (
        <ul className="comment-list">
          {list.data.items.map((cm) => {
            const isReply = cm.parentKey !== null;
            const editing = open?.mode === 'edit' && open.commentKey === cm.commentKey;
            const replying = open?.mode === 'reply' && open.commentKey === cm.commentKey;
            return (
              <li key={cm.commentKey} id={`comment-${cm.commentKey}`} className={isReply ? 'comment is-reply' : 'comment'}>
                {isReply && <i className="pi pi-reply comment-reply-mark" aria-hidden="true" />}
                <div className="comment-main">
                  {cm.deleted ? (
                    <p className="comment-deleted">{c.deleted}</p>
                  ) : (
                    <>
                      <div className="comment-head">
                        <AuthorLink author={cm.author} />
                        <time dateTime={cm.createdAt}>{formatPostDate(cm.createdAt)}</time>
                        <span className="comment-actions">
                          {!isReply && canComment && (
                            <LiteButton
                              label={c.reply}
                              text
                              small
                              aria-expanded={replying}
                              data-box="reply"
                              onClick={() => setOpen(replying ? null : { mode: 'reply', commentKey: cm.commentKey })}
                            />
                          )}
                          {cm.canEdit && (
                            <LiteButton label={c.edit} text small aria-expanded={editing} data-box="edit" onClick={() => setOpen(editing ? null : { mode: 'edit', commentKey: cm.commentKey })} />
                          )}
                          {cm.canDelete && <LiteButton label={c.delete} text small className="p-button-danger" onClick={() => askDelete(cm)} />}
                          {!cm.hidden && <ReportButton kind="comment" targetKey={cm.commentKey} authorId={cm.author.userId} label={koReport.commentLabel(cm.author.nickName)} />}
                        </span>
                      </div>
                      {editing ? (
                        <CommentForm
                          label={c.editLabel}
                          initial={cm.content}
                          emoticons={emoticons}
                          submitLabel={c.save}
                          busy={save.isPending}
                          autoFocus
                          onCancel={closeBox}
                          onSubmit={(content) => submit({ content, commentKey: cm.commentKey }, c.updated)}
                        />
                      ) : (
                        <ContentHtml html={cm.contentHtml} className="comment-body" />
                      )}
                    </>
                  )}
                  {replying && (
                    <CommentForm
                      className="reply-form"
                      label={c.replyLabel(cm.author.nickName)}
                      emoticons={emoticons}
                      busy={save.isPending}
                      autoFocus
                      onCancel={closeBox}
                      onSubmit={(content) => submit({ content, parentKey: cm.commentKey }, c.saved)}
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="comments-empty">{c.empty}</p>
      )}

      {!user.logined ? (
        <p className="comment-login">
          <i className="pi pi-lock" aria-hidden="true" /> {c.loginPrompt}{' '}
          <LiteButton label={c.login} icon="pi pi-sign-in" small outlined onClick={() => loginPopup.open()} />
        </p>
      ) : canComment ? (
        <CommentForm label={c.label} emoticons={emoticons} busy={save.isPending && open === null} onSubmit={(content) => submit({ content }, c.saved)} />
      ) : (
        <p className="comment-login">{c.noPermission}</p>
      )}
    </section>
  );
}
