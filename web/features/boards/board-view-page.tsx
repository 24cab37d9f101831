// boardView (/board/{id}/view/{key}): the post with its author, dates and counts, the rendered
// content, attachments, the buttons the server allows, prev/next and the comments. The footer's
// site pages (ABOUT, TERMS …) are posts of the site board and open here too.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState, type RefObject } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { PostView } from '../../../common/api/boards';
import { formatNumber } from '../../../common/format';
import { useSessionUser } from '../../shared/session-store';
import { ko } from '../../i18n/ko';
import { AuthorLink } from '../../ui/author-link';
import { confirm } from '../../ui/confirm';
import { ContentHtml } from '../../ui/content-html';
import { useDocumentTitle } from '../../ui/document-title';
import { formatPostDate } from '../../ui/list-date';
import { LiteButton } from '../../ui/lite-button';
import { ReportButton } from '../../ui/report-button';
import { IgnoreButton } from '../../ui/ignore-button';
import { FoldedPage, useFold } from '../../ui/ignored-fold';
import { koReport } from '../../i18n/ko-moderation';
import { toast } from '../../ui/toast-store';
import { boardInfoQuery } from './api/board-info';
import { postListRoots } from './api/keys';
import { postViewKey, usePostView } from './api/post-view';
import { useDeletePost } from './api/post-delete';
import { useRecommendPost } from './api/post-recommend';
import { useScrap } from './api/scrap';
import { Comments } from '../comments/comments';
import { commentListKey, commentListQuery, useCommentList, type CommentListData } from '../comments/api/comment-list';
import { ReactionBar } from '../reactions/reaction-bar';
import { koReactions } from '../reactions/texts';
import { PollCard } from '../polls/poll-card';
import { PhotoExif } from './photo-exif';
import { ListFailed, ListLoading } from '../../ui/list-state';
import { useContentPhotos } from '../../ui/content-photos';
import { PhotoViewerHost } from '../../ui/photo-viewer-host';
import { boardListPath, editPath, postPath, writePath, type FromList } from '../../shared/paths';
import { pageParam } from './route-params';
import '../../ui/row-link.css';
import './boards.css';
import { koBoards } from './texts';
import { useNoticePost } from './api/post-staff';
import { koBoardStaff } from './staff-texts';

const v = koBoards.view;
// Opened by the few who may see earlier versions: the post draws without the dialog's code.
const PostVersionsDialog = lazy(() => import('./post-versions-dialog').then((m) => ({ default: m.PostVersionsDialog })));
// The board's staff only (an administrator, the board's managers).
const PostMoveDialog = lazy(() => import('./post-move-dialog').then((m) => ({ default: m.PostMoveDialog })));

/** Boards that hold the site's own pages: no comment box for visitors there. */
const SITE_PAGE_BOARDS = new Set(['site']);

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function Attachments({ post }: { post: PostView }) {
  // Images already show in the content; list them only when the content does not use them.
  const files = post.files.filter((f) => !f.image || !post.contentHtml.includes(f.fileKey));
  if (files.length === 0) return null;
  return (
    <section className="attachments" aria-labelledby="attachments-title">
      <h2 id="attachments-title">
        <i className="pi pi-paperclip" aria-hidden="true" /> {v.attachments}
      </h2>
      <ul>
        {files.map((f) => (
          <li key={f.fileKey}>
            <a href={f.url} download={f.name} aria-label={v.download(f.name)}>
              <i className={f.image ? 'pi pi-image' : 'pi pi-file'} aria-hidden="true" /> {f.name}
            </a>{' '}
            <span className="file-size">({formatSize(f.size)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PostBody({ post, listPath, page }: { post: PostView; listPath: string; page: RefObject<HTMLElement | null> }) {
  const navigate = useNavigate();
  const user = useSessionUser();
  const del = useDeletePost();
  const recommend = useRecommendPost();
  const scrap = useScrap();
  const a = post.abilities;
  const ids = { boardId: post.boardId, key: post.key };
  // The emoticon picker's list comes with the board; only a member who may comment needs it.
  const emoticons = useQuery({ ...boardInfoQuery(post.boardId), enabled: user.logined && a.canComment }).data?.emoticons;
  // A comment written, edited or deleted: the post's count and the lists' counts.
  const client = useQueryClient();
  const refreshPost = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: postViewKey(post.key) }),
      ...postListRoots.map((queryKey) => client.invalidateQueries({ queryKey, refetchType: 'none' })),
    ]);

  const askDelete = () =>
    confirm({
      message: v.confirmDelete,
      accept: () =>
        del.mutate(ids, {
          onSuccess: () => {
            toast.success(v.deleted);
            navigate(listPath, { replace: true });
          },
        }),
    });

  const share = async () => {
    const url = new URL(postPath(post.boardId, post.key), window.location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(v.linkCopied);
    } catch {
      toast.warn(v.linkCopyFailed(url), { life: 8000 });
    }
  };

  // Reactions (공감): board posts that are neither hidden nor secret (nor the site's own pages), and their live comments.
  const reacts = !post.hidden && !post.secret && !SITE_PAGE_BOARDS.has(post.boardId);
  const commentReactions = (cm: CommentListData['items'][number]) =>
    reacts &&
    !cm.hidden && (
      <ReactionBar
        className="comment-reactions"
        target={{ kind: 'comment', key: cm.commentKey }}
        counts={cm.reactions}
        mine={cm.myReaction}
        what={koReactions.comment(cm.author.nickName)}
        onChange={({ counts, mine }) =>
          client.setQueryData<CommentListData>(commentListKey(post.key), (list) =>
            list && { ...list, items: list.items.map((i) => (i.commentKey === cm.commentKey ? { ...i, reactions: counts, myReaction: mine } : i)) },
          )
        }
      />
    );
  const showComments = a.canComment || post.commentCount > 0 || (!user.logined && !SITE_PAGE_BOARDS.has(post.boardId));
  const seesVersions = post.editedAt !== null && a.canReadVersions;
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [moveOpen, setMoveOpen] = useState(false);
  const notice = useNoticePost();
  const toggleNotice = () =>
    notice.mutate({ key: post.key, notice: !post.notice }, { onSuccess: (r) => toast.success(r.notice ? koBoardStaff.noticed : koBoardStaff.unnoticed) });
  const [versionsOpened, setVersionsOpened] = useState(false);
  const { folded, show: showFolded, focusShown } = useFold(post.author.userId, post.notice);
  // The photos of the post and its comments open the full-screen viewer, in page order.
  const commentPhotos = useCommentList(post.boardId, post.key, false).data?.photos;
  const viewer = useContentPhotos(page, commentPhotos ? [...post.files, ...commentPhotos] : post.files);

  // An ignored member's post folds until 보기 (decision 46); a notice never does.
  if (folded) {
    return (
      <FoldedPage className="post" titleId="post-subject" titleClass="post-title" actionsClass="post-reactions" author={post.author} onShow={showFolded}>
        <Link to={listPath} className="p-button p-component p-button-outlined">
          <span className="p-button-icon p-button-icon-left pi pi-list" aria-hidden="true" />
          <span className="p-button-label">{v.list}</span>
        </Link>
      </FoldedPage>
    );
  }

  return (
    <>
      <article ref={focusShown} className="post" aria-labelledby="post-subject">
        <header className="post-head">
          <p className="post-where">
            <Link to={boardListPath(post.boardId)}>{post.boardName}</Link>
            {post.categoryName && post.category !== 'c0' && (
              <>
                {' › '}
                <Link to={boardListPath(post.boardId, post.category)}>{post.categoryName}</Link>
              </>
            )}
          </p>
          <h1 id="post-subject" className="post-title">
            {post.notice && <span className="notice-badge">{ko.postList.notice}</span>}
            {post.secret && <><i className="pi pi-lock post-secret-mark" role="img" aria-label={v.secret} title={v.secret} />{' '}</>}
            {post.subject}
          </h1>
          {post.answerTo && (
            <p className="post-answer-to">
              <span aria-hidden="true">↳ </span>
              {post.answerTo.deleted ? (
                v.originalDeleted
              ) : (
                <>
                  {v.answerTo}: <Link to={postPath(post.boardId, post.answerTo.key)}>{post.answerTo.subject}</Link>
                </>
              )}
            </p>
          )}
          <dl className="post-meta">
            <div>
              <dt className="visually-hidden">{v.author}</dt>
              <dd>
                <AuthorLink author={post.author} />
              </dd>
            </div>
            <div>
              <dt>{v.written}</dt>
              <dd>
                <time dateTime={post.createdAt}>{formatPostDate(post.createdAt)}</time>
              </dd>
            </div>
            {post.editedAt && (
              <div className="post-edited">
                <dt>{v.edited}</dt>
                <dd>
                  <time dateTime={post.editedAt}>{formatPostDate(post.editedAt)}</time>
                  {seesVersions && (
                    <LiteButton
                      type="button"
                      text
                      small
                      icon="pi pi-history"
                      label={v.versions}
                      aria-haspopup="dialog"
                      onClick={() => {
                        setVersionsOpened(true);
                        setVersionsOpen(true);
                      }}
                    />
                  )}
                </dd>
              </div>
            )}
            <div>
              <dt>{v.views}</dt>
              <dd>{formatNumber(post.views)}</dd>
            </div>
            <div>
              <dt>{v.recommends}</dt>
              <dd className="post-recommends">{formatNumber(post.recommends)}</dd>
            </div>
            <div>
              <dt>{v.comments}</dt>
              <dd>{formatNumber(post.commentCount)}</dd>
            </div>
          </dl>
        </header>

        {post.hidden && a.canReadHidden && <p className="hidden-admin-note">{koReport.hiddenForAdmin}</p>}
        <ContentHtml html={post.contentHtml} className="post-content" />
        {seesVersions && versionsOpened && (
          <Suspense fallback={null}>
            <PostVersionsDialog postKey={post.key} visible={versionsOpen} onHide={() => setVersionsOpen(false)} />
          </Suspense>
        )}
        <Attachments post={post} />
        <PhotoExif files={post.files} />
        {post.poll && (
          <PollCard
            key={post.key}
            postKey={post.key}
            poll={post.poll}
            signedIn={user.logined}
            onChange={(poll) => client.setQueryData<PostView>(postViewKey(post.key), (p) => p && { ...p, poll })}
          />
        )}

        <div className="post-reactions">
          {(a.canRecommend || post.recommended) && (
            <LiteButton
              icon={post.recommended ? 'pi pi-thumbs-up-fill' : 'pi pi-thumbs-up'}
              label={`${post.recommended ? v.recommended : v.recommend} ${formatNumber(post.recommends)}`}
              outlined={!post.recommended}
              disabled={post.recommended}
              loading={recommend.isPending}
              onClick={() => recommend.mutate(ids, { onSuccess: () => toast.success(v.recommendDone) })}
            />
          )}
          {reacts && (
            <ReactionBar
              target={{ kind: 'post', key: post.key }}
              counts={post.reactions}
              mine={post.myReaction}
              what={koReactions.post}
              onChange={({ counts, mine }) => client.setQueryData<PostView>(postViewKey(post.key), (p) => p && { ...p, reactions: counts, myReaction: mine })}
            />
          )}
          {a.canScrap && (
            <LiteButton
              icon={post.scrapped ? 'pi pi-bookmark-fill' : 'pi pi-bookmark'}
              label={post.scrapped ? v.scrapped : v.scrap}
              outlined={!post.scrapped}
              aria-pressed={post.scrapped}
              loading={scrap.isPending}
              onClick={() =>
                scrap.mutate({ ...ids, on: !post.scrapped }, { onSuccess: (_d, input) => toast.success(input.on ? v.scrapAdded : v.scrapRemoved) })
              }
            />
          )}
          <LiteButton icon="pi pi-share-alt" label={v.share} outlined onClick={() => void share()} />
          {a.canReport && <ReportButton kind="post" targetKey={post.key} />}
          <IgnoreButton userId={post.author.userId} nickName={post.author.nickName} />
        </div>
      </article>

      {post.answers && post.answers.length > 0 && (
        // 답글 under the post (decision 39): a secret one's subject only for those who may read it.
        <section className="post-answers" aria-labelledby="post-answers-title">
          <h2 id="post-answers-title">{v.answers}</h2>
          <ul>
            {post.answers.map((an) => (
              <li key={an.key}>
                <span aria-hidden="true">↳</span>
                {an.secret && <i className="pi pi-lock" role="img" aria-label={v.secret} />}
                <Link to={postPath(post.boardId, an.key)} state={{ listPath }}>
                  {an.subject}
                </Link>
                <span className="file-size">{an.nickName}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="post-actions" role="group" aria-label={v.actions}>
        <Link to={listPath} className="p-button p-component p-button-outlined">
          <span className="p-button-icon p-button-icon-left pi pi-list" aria-hidden="true" />
          <span className="p-button-label">{v.list}</span>
        </Link>
        <span className="push-right" />
        {a.canAnswer && (
          <Link to={`${writePath(post.boardId)}?answer=${post.key}`} className="p-button p-component p-button-outlined">
            <span className="p-button-icon p-button-icon-left pi pi-reply" aria-hidden="true" />
            <span className="p-button-label">{v.answer}</span>
          </Link>
        )}
        {a.canEdit && (
          <Link to={editPath(post.boardId, post.key)} className="p-button p-component p-button-outlined">
            <span className="p-button-icon p-button-icon-left pi pi-pencil" aria-hidden="true" />
            <span className="p-button-label">{v.edit}</span>
          </Link>
        )}
        {a.canNotice && (
          <LiteButton icon="pi pi-megaphone" label={post.notice ? koBoardStaff.unnotice : koBoardStaff.notice} outlined loading={notice.isPending} onClick={toggleNotice} />
        )}
        {a.canMove && <LiteButton icon="pi pi-arrow-right-arrow-left" label={koBoardStaff.move} outlined aria-haspopup="dialog" onClick={() => setMoveOpen(true)} />}
        {a.canDelete && <LiteButton icon="pi pi-trash" label={v.delete} outlined className="p-button-danger" loading={del.isPending} onClick={askDelete} />}
      </div>
      {a.canMove && moveOpen && (
        <Suspense fallback={null}>
          <PostMoveDialog post={post} visible={moveOpen} onHide={() => setMoveOpen(false)} onMoved={(to) => navigate(to.url, { replace: true })} />
        </Suspense>
      )}

      {(post.prev || post.next) && (
        <nav className="post-siblings" aria-label={v.sibling}>
          <ul>
            {post.prev && (
              <li className="has-row-link">
                <span className="sibling-label">
                  <i className="pi pi-angle-up" aria-hidden="true" /> {v.prev}
                </span>
                <Link to={postPath(post.boardId, post.prev.key)} state={{ listPath }} className="row-link" data-row-link>
                  {post.prev.subject}
                </Link>
              </li>
            )}
            {post.next && (
              <li className="has-row-link">
                <span className="sibling-label">
                  <i className="pi pi-angle-down" aria-hidden="true" /> {v.next}
                </span>
                <Link to={postPath(post.boardId, post.next.key)} state={{ listPath }} className="row-link" data-row-link>
                  {post.next.subject}
                </Link>
              </li>
            )}
          </ul>
        </nav>
      )}

      {showComments && (
        <Comments
          boardId={post.boardId}
          postKey={post.key}
          canComment={a.canComment}
          count={post.commentCount}
          emoticons={emoticons}
          onChanged={refreshPost}
          commentExtra={commentReactions}
        />
      )}
      <PhotoViewerHost photos={viewer.photos} index={viewer.index} onIndex={viewer.setIndex} onClose={viewer.close} />
    </>
  );
}

export default function BoardViewPage() {
  const { id = '', key: rawKey } = useParams();
  // A gallery item is a post of the gallery board with its own page (old links keep working).
  if (id === 'gallery') return <Navigate to={postPath(id, pageParam(rawKey))} replace />;
  return <BoardView id={id} rawKey={rawKey} />;
}

function BoardView({ id, rawKey }: { id: string; rawKey: string | undefined }) {
  const key = pageParam(rawKey);
  const from = useLocation().state as FromList | null;
  const view = usePostView(id, key);
  // The comments are asked for beside the post, not once it has come (the site's pages seldom
  // show them). Comments then finds them in the cache, or on their way.
  const client = useQueryClient();
  if (id !== 'site' && !client.getQueryState(commentListKey(key))) void client.prefetchQuery(commentListQuery(id, key));
  useDocumentTitle(view.data?.subject ?? ko.pages.boardView);
  const listPath = from?.listPath ?? boardListPath(id);
  const page = useRef<HTMLElement>(null);
  // A moved post's old address (a link inside the site, an alarm): its page on its board now.
  if (view.data && view.data.boardId !== id) return <Navigate to={postPath(view.data.boardId, key)} replace state={from} />;

  return (
    <section ref={page} className="board-page board-view-page">
      {view.isPending ? (
        <ListLoading text={ko.common.loading} />
      ) : view.data ? (
        <PostBody post={view.data} listPath={listPath} page={page} />
      ) : (
        <ListFailed onRetry={() => void view.refetch()} />
      )}
    </section>
  );
}
