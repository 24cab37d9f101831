// Comments under a post: thread order with one level of replies (indented), each with its
// author, date and rendered text, and 답글 / 수정 / 삭제 as the server allows. Visitors get a
// prompt that opens the login popup.
import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import type { Comment } from '../../../common/api/boards';
import { formatNumber } from '../../../common/format';
import { loginPopup } from '../../shared/login-popup-store';
import { useSessionUser } from '../../shared/session-store';
import { koComments } from './texts';
import { AuthorLink } from '../../ui/author-link';
import { IgnoredFold } from '../../ui/ignored-fold';
import { confirm } from '../../ui/confirm';
import { ContentHtml } from '../../ui/content-html';
import { formatPostDate } from '../../ui/list-date';
import { LiteButton } from '../../ui/lite-button';
import { ReportButton } from '../../ui/report-button';
import { koReport } from '../../i18n/ko-moderation';
import { toast } from '../../ui/toast-store';
import { useCommentList } from './api/comment-list';
import { useDeleteComment } from './api/comment-delete';
import { useSaveComment, type CommentSaveInput } from './api/comment-save';
import type { WithProof } from '../../ui/spam-proof';
import type { Emoticons } from '../../ui/emoticon-picker';
import './comments.css';
import { ListLoading } from '../../ui/list-state';

const c = koComments;

// The box (its checks, the emoticon picker) is a member's only: a visitor's page does without it.
const LazyCommentForm = lazy(() => import('./comment-form').then((m) => ({ default: m.CommentForm })));
function CommentForm(props: ComponentProps<typeof LazyCommentForm>) {
  return (
    <Suspense fallback={null}>
      <LazyCommentForm {...props} />
    </Suspense>
  );
}

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
  /** What the page shows under each live comment (a board post's reaction bar). */
  commentExtra?: (comment: Comment) => ReactNode;
}

export function Comments({ boardId, postKey, canComment, count, emoticons, onChanged, commentExtra }: CommentsProps) {
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

  const submit = async (input: WithProof<Omit<CommentSaveInput, 'boardId' | 'key'>>, done: string) => {
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
                    // An ignored member's comment folds until 보기 (decision 46).
                    <IgnoredFold userId={cm.author.userId} what="comment">
                      <div className="comment-head">
                        <AuthorLink author={cm.author} />
                        <time dateTime={cm.createdAt}>{formatPostDate(cm.createdAt)}</time>
                        <span className="comment-actions">
                          {!isReply && canComment && !cm.hidden && (
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
                          {cm.canReport && <ReportButton kind="comment" targetKey={cm.commentKey} label={koReport.commentLabel(cm.author.nickName)} />}
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
                      {!editing && commentExtra?.(cm)}
                    </IgnoredFold>
                  )}
                  {replying && (
                    <CommentForm
                      className="reply-form"
                      label={c.replyLabel(cm.author.nickName)}
                      emoticons={emoticons}
                      busy={save.isPending}
                      autoFocus
                      onCancel={closeBox}
                      spamCheck
                      onSubmit={(content, proof) => submit({ content, parentKey: cm.commentKey, proof }, c.saved)}
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
        <CommentForm label={c.label} emoticons={emoticons} busy={save.isPending && open === null} spamCheck onSubmit={(content, proof) => submit({ content, proof }, c.saved)} />
      ) : (
        <p className="comment-login">{c.noPermission}</p>
      )}
    </section>
  );
}
